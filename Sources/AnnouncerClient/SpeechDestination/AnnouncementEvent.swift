import AnnouncerCore

/// One event of an announcement's timeline, reduced to what its times need; read from a server's event
/// line or a timeline file, or taken from an embedded engine.
public struct AnnouncementEvent: Sendable, Equatable {
    public var id: String
    /// The event's timeline name: `received`, `queued`, `started`, `first_audio`, `audible` or `ended`.
    public var name: String
    /// When it happened, in microseconds on the monotonic clock.
    public var time: UInt64
    /// When the client stamped the request as sent, in microseconds, if it did.
    public var sent: UInt64?
    public var politeness: String?
    /// For `ended`: the outcome's name.
    public var outcome: String?

    public init(id: String, name: String, time: UInt64, sent: UInt64? = nil, politeness: String? = nil, outcome: String? = nil) {
        self.id = id
        self.name = name
        self.time = time
        self.sent = sent
        self.politeness = politeness
        self.outcome = outcome
    }

    /// The event an embedded engine recorded.
    public init(_ event: TimelineEvent) {
        var outcome: String?
        if case let .ended(ended) = event.kind { outcome = ended.name }
        self.init(
            id: event.announcement.id.rawValue, name: event.kind.name, time: event.time.microseconds,
            sent: event.announcement.sent?.microseconds, politeness: event.announcement.politeness.rawValue,
            outcome: outcome
        )
    }

    /// The event in one line of a server's event stream or of a timeline file; nil for any other line,
    /// including one whose times are not milliseconds the monotonic clock could show.
    public init?(_ line: ServerLine) {
        guard let name = line.event, let id = line.id,
              let time = line.timeMilliseconds.flatMap(Self.microseconds) else { return nil }
        var sent: UInt64?
        if let stamp = line.sentMilliseconds {
            guard let microseconds = Self.microseconds(stamp) else { return nil }
            sent = microseconds
        }
        self.init(id: id, name: name, time: time, sent: sent, politeness: line.politeness, outcome: line.outcome)
    }

    /// Milliseconds as whole microseconds; nil when negative, not finite, or past any clock's reach (about 30,000 years).
    private static func microseconds(_ milliseconds: Double) -> UInt64? {
        guard milliseconds.isFinite, milliseconds >= 0, milliseconds < 1e15 else { return nil }
        return UInt64(exactly: (milliseconds * 1_000).rounded())
    }
}
