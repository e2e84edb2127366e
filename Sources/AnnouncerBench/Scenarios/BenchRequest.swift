import AnnouncerCore

/// One announcement a scenario sends: its id, words and urgency.
public struct BenchRequest: Sendable {
    public var id: BenchID
    public var text: String
    public var politeness: Politeness
    public var language: Language
    /// Volume 0–200; a scene-setting announcement may be quiet.
    public var volume: Int?

    public init(_ id: BenchID, _ text: String, politeness: Politeness, language: Language = .english, volume: Int? = nil) {
        self.id = id
        self.text = text
        self.politeness = politeness
        self.language = language
        self.volume = volume
    }

    /// The request as a line of the JSON-lines protocol, stamped with its send time.
    func jsonLine(sent: MonotonicInstant) -> String {
        var fields: [(String, JSONFragment)] = [
            ("request", .string("speak")),
            ("id", .string(id.description)),
            ("text", .string(text)),
            ("politeness", .string(politeness.rawValue)),
            ("lang", .string(language.rawValue)),
        ]
        if let volume { fields.append(("volume", .integer(volume))) }
        fields.append(("sent_ms", .milliseconds(sent.microseconds)))
        return JSONFragment.object(fields).encoded
    }

    /// The announcement an embedded engine is given.
    func announcement(sent: MonotonicInstant) throws -> Announcement {
        try Announcement(
            id: AnnouncementID(id.description), text: text, politeness: politeness, language: language,
            prosody: Prosody(volume: volume), arrival: .now(), sent: sent
        )
    }
}
