public import AnnouncerClient
import AnnouncerCore
/// One measured announcement: its times, or why it was never heard.
public struct LatencySample: Sendable, Equatable {
    public var id: String
    public var times: AnnouncementTimes
    /// Why it counts against the bound without a latency, such as "it ended dropped without audio".
    public var failure: String?

    public init(id: String, times: AnnouncementTimes, failure: String? = nil) {
        self.id = id
        self.times = times
        self.failure = failure
    }

    /// Outcomes that leave an announcement unheard through no request of its client: each breaks the promise.
    static let failingOutcomes: Set<Outcome.Kind> = [.failed, .expired, .dropped]

    /// A sample of a measured announcement: one that was never heard is a failure, whatever its outcome.
    public static func measured(_ id: String, _ times: AnnouncementTimes?) -> LatencySample {
        guard let times else { return LatencySample(id: id, times: AnnouncementTimes(), failure: "no event of it was seen") }
        guard times.received != nil else {
            return LatencySample(id: id, times: times, failure: "its arrival is not in the timeline")
        }
        if times.firstAudio != nil { return LatencySample(id: id, times: times) }
        // The bench cancels what was not heard in time, so "cancelled" here means it waited too long.
        let failure = switch times.outcome {
        case nil, .cancelled?: "it was not heard within \(BenchRunner.hearingTimeout.components.seconds) seconds"
        case let outcome?: "it ended \(outcome.rawValue) without audio"
        }
        return LatencySample(id: id, times: times, failure: failure)
    }

    /// A sample from a recorded timeline: nil when it ended unheard because someone cancelled or replaced it.
    public static func recorded(_ id: String, _ times: AnnouncementTimes) -> LatencySample? {
        guard times.received != nil else { return nil }
        if times.firstAudio != nil { return LatencySample(id: id, times: times) }
        guard let outcome = times.outcome, failingOutcomes.contains(outcome) else { return nil }
        return LatencySample(id: id, times: times, failure: "it ended \(outcome.rawValue) without audio")
    }
}
