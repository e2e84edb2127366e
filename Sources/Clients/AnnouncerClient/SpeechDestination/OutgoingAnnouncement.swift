public import AnnouncerCore
import AnnouncerProtocol

/// One announcement a client sends to a speech destination, such as the bench's or a flow's: its id, words and urgency.
public struct OutgoingAnnouncement: Sendable {
    /// The announcement's id, chosen by the sender, such as `bench.idle.7`.
    public var id: String
    public var text: String
    public var politeness: Politeness
    public var language: Language
    /// The live region it updates, if any.
    public var region: String?
    /// Volume 0–200; a scene-setting announcement may be quiet.
    public var volume: Int?

    public init(id: String, _ text: String, politeness: Politeness, language: Language, region: String? = nil, volume: Int? = nil) {
        self.id = id
        self.text = text
        self.politeness = politeness
        self.language = language
        self.region = region
        self.volume = volume
    }

    /// The request as a line of the JSON-lines protocol, stamped with its send time.
    func jsonLine(sent: MonotonicInstant) -> String {
        // The prosody is a volume from 0 to 200 that the callers choose; nothing out of range is sent.
        let prosody = (try? Prosody(volume: volume)) ?? .voiceDefault
        return JSONRequest.speak(SpeakRequest(
            text: text, politeness: politeness, language: language, region: region.map { RegionID($0) },
            prosody: prosody, id: AnnouncementID(id), sent: sent
        )).encoded
    }

    /// The announcement an embedded engine is given.
    public func announcement(sent: MonotonicInstant) throws -> Announcement {
        try Announcement(
            id: AnnouncementID(id), text: text, politeness: politeness, language: language,
            region: region.map { RegionID($0) }, prosody: Prosody(volume: volume), arrival: .now(), sent: sent
        )
    }
}
