public import AnnouncerCore
public import JSONLineEncoding

/// One line of the timeline as the server streams it and `--events` files hold it: an event in an
/// announcement's life. The README's timeline schema and docs/PROTOCOL.md describe each field.
public struct EventLine: Sendable, Hashable, Codable {
    /// When it happened, on the monotonic clock.
    public var time: Milliseconds
    public var id: AnnouncementID
    public var event: EventKind
    /// When the client stamped the request as sent, if it did.
    public var sent: Milliseconds?
    /// For `started`, `first_audio` and `audible`: the time since the announcement arrived.
    public var latency: Milliseconds?
    /// For `ended`: how it ended.
    public var outcome: Outcome.Kind?
    /// For `ended` by another announcement: the one that cut or replaced it (`by`), or said it first (`of`).
    public var by: AnnouncementID?
    public var of: AnnouncementID?
    /// For `ended` without being spoken: one sentence saying why; for `warning`, the warning.
    public var reason: String?
    /// For `mark`: the SSML mark's name.
    public var mark: String?
    public var politeness: Politeness
    public var language: Language
    public var region: RegionID?
    public var text: String

    enum CodingKeys: String, CodingKey {
        case time = "t_ms", id, event, sent = "sent_ms", latency = "latency_ms", outcome, by, of, reason, mark
        case politeness, language = "lang", region, text
    }

    public init(
        time: Milliseconds, id: AnnouncementID, event: EventKind, sent: Milliseconds? = nil, latency: Milliseconds? = nil,
        outcome: Outcome.Kind? = nil, by: AnnouncementID? = nil, of: AnnouncementID? = nil, reason: String? = nil,
        mark: String? = nil, politeness: Politeness, language: Language, region: RegionID? = nil, text: String
    ) {
        self.time = time
        self.id = id
        self.event = event
        self.sent = sent
        self.latency = latency
        self.outcome = outcome
        self.by = by
        self.of = of
        self.reason = reason
        self.mark = mark
        self.politeness = politeness
        self.language = language
        self.region = region
        self.text = text
    }

    /// The line for a timeline event.
    public init(_ event: TimelineEvent) {
        let announcement = event.announcement
        self.init(
            time: Milliseconds(event.time), id: announcement.id, event: EventKind(event.kind),
            sent: announcement.sent.map(Milliseconds.init), politeness: announcement.politeness,
            language: announcement.language, region: announcement.region, text: announcement.text
        )
        switch event.kind {
        case .started, .firstAudio, .audible:
            latency = Milliseconds(event.sinceArrival)
        case let .mark(name):
            latency = Milliseconds(event.sinceArrival)
            mark = name
        case let .warning(message):
            reason = message
        case .paused, .resumed:
            break
        case let .ended(ended):
            outcome = ended.kind
            switch ended {
            case let .interrupted(other), let .interruptedAfterHolding(other, _), let .superseded(other): by = other
            case let .duplicate(other): of = other
            default: break
            }
            if !ended.wasSpoken { reason = ended.explanation }
        case .received, .queued:
            break
        }
    }

    /// Fields that do not belong to the event are left out; `region` is always written, `null` when none.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        try container.encode(id, forKey: .id)
        try container.encode(event, forKey: .event)
        if let sent { try container.encode(sent, forKey: .sent) }
        if let latency { try container.encode(latency, forKey: .latency) }
        if let outcome { try container.encode(outcome, forKey: .outcome) }
        if let by { try container.encode(by, forKey: .by) }
        if let of { try container.encode(of, forKey: .of) }
        if let reason { try container.encode(reason, forKey: .reason) }
        if let mark { try container.encode(mark, forKey: .mark) }
        try container.encode(politeness, forKey: .politeness)
        try container.encode(language, forKey: .language)
        try container.encodeIfPresent(region, forKey: .region)
        try container.encode(text, forKey: .text)
    }

    /// The line as JSON text, without the newline.
    public var encoded: String {
        // Every field is a string, a number or an enum's raw value: encoding cannot fail.
        try! JSONLineEncoder().encode(self)
    }
}

/// A notice on the event stream that is about the connection, not an announcement: `events_cut`.
public struct EventNotice: Sendable, Hashable, Codable {
    public var event: EventKind = .error
    public var error: String
    public var message: String

    public init(error: String, message: String) {
        self.error = error
        self.message = message
    }

    /// Written once in place of the events, when a connection let too many wait unread.
    public static let eventsCut = EventNotice(
        error: "events_cut",
        message: "Events were stopped for this connection because it did not read them; subscribe again once it reads.")

    /// The notice as JSON text, without the newline.
    public var encoded: String { try! JSONLineEncoder().encode(self) }
}
