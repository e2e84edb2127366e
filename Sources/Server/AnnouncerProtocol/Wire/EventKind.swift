public import AnnouncerCore

/// What a line of the event stream says happened: the name of a timeline event, or a notice.
public enum EventKind: String, Sendable, Hashable, CaseIterable, Codable {
    case received
    case queued
    case started
    case firstAudio = "first_audio"
    case audible
    case ended
    case mark
    case paused
    case resumed
    case warning
    /// `web check` only: the user's action (a key press) that led to the announcement was sent to the page.
    case action
    /// `web check` only: the page changed the live region the announcement reads, timed in the page.
    case pageChanged = "page_changed"
    /// Not an announcement's event: a notice to the connection, such as that its events were cut.
    case error

    /// The kind of a timeline event.
    public init(_ kind: TimelineEvent.Kind) { self.init(kind.stage) }

    /// The kind of a stage of the timeline.
    public init(_ stage: TimelineEvent.Stage) {
        switch stage {
        case .received: self = .received
        case .queued: self = .queued
        case .started: self = .started
        case .firstAudio: self = .firstAudio
        case .audible: self = .audible
        case .ended: self = .ended
        case .mark: self = .mark
        case .paused: self = .paused
        case .resumed: self = .resumed
        case .warning: self = .warning
        }
    }

    /// The stage of the timeline it names; nil for a notice, and for the page's moments, which no engine records.
    public var stage: TimelineEvent.Stage? { TimelineEvent.Stage(rawValue: rawValue) }
}
