/// How an announcement ended. Every announcement ends with exactly one.
public enum Outcome: Sendable, Hashable, CustomStringConvertible {
    /// Spoken to the end.
    case spoken
    /// Cut while speaking by a more urgent announcement.
    case interrupted(by: AnnouncementID)
    /// An assertive announcement cut because another client's assertive one had waited behind it past `limit`.
    case interruptedAfterHolding(by: AnnouncementID, limit: Duration)
    /// Replaced, while waiting, by a newer announcement for the same region.
    case superseded(by: AnnouncementID)
    /// The same text at the same politeness arrived moments before, so it was not said twice.
    case duplicate(of: AnnouncementID)
    /// Waited longer than its time to live.
    case expired
    /// Pushed out of a full queue.
    case dropped(reason: String)
    /// Its politeness was `off`: recorded, never spoken.
    case silenced
    /// A client cancelled it.
    case cancelled
    /// The server cancelled it, for the reason the sentence gives, such as its client going away while
    /// paused, so that nobody was left to resume it.
    case cancelledBecause(reason: String)
    /// Synthesis or audio output failed.
    case failed(reason: String)

    /// Which of the outcomes it is, without its details: what the timeline names and status counts.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        case spoken, interrupted, superseded, duplicate, expired, dropped, silenced, cancelled, failed
    }

    /// Which outcome it is, without its details.
    public var kind: Kind {
        switch self {
        case .spoken: .spoken
        case .interrupted, .interruptedAfterHolding: .interrupted
        case .superseded: .superseded
        case .duplicate: .duplicate
        case .expired: .expired
        case .dropped: .dropped
        case .silenced: .silenced
        case .cancelled, .cancelledBecause: .cancelled
        case .failed: .failed
        }
    }

    /// The outcome's name on the timeline and in replies.
    public var name: String { kind.rawValue }

    /// The other announcement this outcome names, if any.
    public var relatedID: AnnouncementID? {
        switch self {
        case let .interrupted(id), let .superseded(id), let .duplicate(id), let .interruptedAfterHolding(id, _): id
        default: nil
        }
    }

    public var wasSpoken: Bool { self == .spoken }

    /// One plain sentence saying what happened, for people reading a log or hearing a reply.
    public var explanation: String {
        switch self {
        case .spoken: "It was spoken."
        case let .interrupted(id): "It was cut off by the more urgent announcement \(id)."
        case let .interruptedAfterHolding(id, limit):
            "It was cut off because announcement \(id), from another client, had waited more than \(limit.spokenSeconds) behind it."
        case let .superseded(id): "It was replaced by the newer announcement \(id) for the same region."
        case let .duplicate(id): "It was not spoken because announcement \(id) said the same moments before."
        case .expired: "It waited longer than its time to live and was not spoken."
        case let .dropped(reason): reason
        case .silenced: "Its politeness is off, so it was recorded but not spoken."
        case .cancelled: "It was cancelled."
        case let .cancelledBecause(reason): reason
        case let .failed(reason): reason
        }
    }

    public var description: String { name }
}
