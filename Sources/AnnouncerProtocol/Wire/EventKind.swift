public import AnnouncerCore

/// What a line of the event stream says happened: the name of a timeline event, or a notice.
public enum EventKind: String, Sendable, Hashable, CaseIterable, Codable {
    case received
    case queued
    case started
    case firstAudio = "first_audio"
    case audible
    case ended
    /// Not an announcement's event: a notice to the connection, such as that its events were cut.
    case error

    /// The kind of a timeline event.
    public init(_ kind: TimelineEvent.Kind) {
        switch kind {
        case .received: self = .received
        case .queued: self = .queued
        case .started: self = .started
        case .firstAudio: self = .firstAudio
        case .audible: self = .audible
        case .ended: self = .ended
        }
    }
}
