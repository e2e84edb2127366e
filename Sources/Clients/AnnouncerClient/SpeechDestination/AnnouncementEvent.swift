public import AnnouncerCore

/// One event of an announcement's timeline, reduced to what its times need; read from a server's event
/// line or a timeline file, or taken from an embedded engine.
public struct AnnouncementEvent: Sendable, Equatable {
    public var id: String
    /// Which stage of the announcement's life it is.
    public var stage: TimelineEvent.Stage
    /// When it happened, in microseconds on the monotonic clock.
    public var time: UInt64
    /// When the client stamped the request as sent, in microseconds, if it did.
    public var sent: UInt64?
    public var politeness: Politeness?
    /// For `ended`: how it ended.
    public var outcome: Outcome.Kind?

    public init(id: String, stage: TimelineEvent.Stage, time: UInt64, sent: UInt64? = nil, politeness: Politeness? = nil, outcome: Outcome.Kind? = nil) {
        self.id = id
        self.stage = stage
        self.time = time
        self.sent = sent
        self.politeness = politeness
        self.outcome = outcome
    }

    /// The event an embedded engine recorded.
    public init(_ event: TimelineEvent) {
        var outcome: Outcome.Kind?
        if case let .ended(ended) = event.kind { outcome = ended.kind }
        self.init(
            id: event.announcement.id.rawValue, stage: event.kind.stage, time: event.time.microseconds,
            sent: event.announcement.sent?.microseconds, politeness: event.announcement.politeness, outcome: outcome
        )
    }

    /// The event in one line of a server's event stream or of a timeline file; nil for any other line,
    /// including one whose times are not milliseconds the monotonic clock could show.
    public init?(_ line: ServerLine) {
        guard let event = line.event, let stage = event.event.stage else { return nil }
        self.init(
            id: event.id.rawValue, stage: stage, time: event.time.microseconds,
            sent: event.sent?.microseconds, politeness: event.politeness, outcome: event.outcome
        )
    }
}
