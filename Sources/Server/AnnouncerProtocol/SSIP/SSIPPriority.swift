public import AnnouncerCore

/// Speech Dispatcher's five priorities, and what each becomes in the live-region queue.
///
/// | SSIP | Becomes | Extra rule |
/// | --- | --- | --- |
/// | important | assertive | |
/// | message | polite | queued |
/// | text | polite | a newer text from the same client supersedes it, waiting or speaking |
/// | notification | polite | dropped when anything else is speaking or waiting |
/// | progress | polite | the newest wins |
public enum SSIPPriority: String, Sendable, Hashable, CaseIterable {
    case important, message, text, notification, progress

    /// Reads a priority in any case, as clients send `TEXT` and `text` alike.
    public init?(word: String) { self.init(rawValue: word.lowercased()) }

    /// Gives `announcement` this priority's politeness, region and conduct for the client `clientID`.
    public func shape(_ announcement: inout Announcement, clientID: Int) {
        switch self {
        case .important:
            announcement.politeness = .assertive
        case .message:
            announcement.politeness = .polite
        case .text:
            announcement.politeness = .polite
            announcement.region = RegionID("ssip-\(clientID)-text")
            announcement.conduct = .replaceableWhileSpeaking
        case .notification:
            announcement.politeness = .polite
            announcement.conduct = .onlyWhenIdle
        case .progress:
            announcement.politeness = .polite
            announcement.region = RegionID("ssip-\(clientID)-progress")
        }
    }
}
