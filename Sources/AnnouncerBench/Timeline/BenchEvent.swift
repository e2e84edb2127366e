import AnnouncerClient
import AnnouncerCore

/// One timeline event, reduced to what latency figures need; read from the server's JSON or from an embedded engine.
public struct BenchEvent: Sendable, Equatable {
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
        guard let event = line.event, event.event != .error else { return nil }
        self.init(
            id: event.id.rawValue, name: event.event.rawValue, time: event.time.microseconds,
            sent: event.sent?.microseconds, politeness: event.politeness.rawValue, outcome: event.outcome?.rawValue
        )
    }
}
