/// One thing to say: its text and how, when and where it should be spoken.
public struct Announcement: Sendable, Hashable, Identifiable {
    public let id: AnnouncementID
    public var text: String
    public var politeness: Politeness
    public var language: Language
    /// The live region this announcement updates; a newer one for the same region replaces it while it waits.
    public var region: RegionID?
    public var prosody: Prosody
    /// How it yields to others beyond its politeness; `standard` for live regions.
    public var conduct: QueueConduct
    /// When the request was read from its client: the start of every latency measured for it.
    public var arrival: MonotonicInstant
    /// When the client says it sent the request, on the same monotonic clock; carried through to the timeline.
    public var sent: MonotonicInstant?
    /// How the text is read: as words, spelled, or as a key name.
    public var reading: TextReading
    /// How a capital letter is marked when the text is spelled or names a key.
    public var capitals: CapitalLetters = .spoken
    /// Read character by character ("capital A", "at sign") instead of as words.
    public var spelled: Bool {
        get { reading == .characters }
        set { reading = newValue ? .characters : .words }
    }
    /// How much punctuation is named; nil leaves it to the client's or the server's default.
    public var punctuation: PunctuationLevel?
    /// Who sent it; the queue takes turns between clients.
    public var client: ClientID
    /// The kind of voice asked for; nil speaks the language's own voice.
    public var voiceType: VoiceType?
    /// The SSML the text was read from, when it came as SSML; then `text` is its plain text.
    public var script: SpeechScript?
    /// A repeat of the same words within the duplicate window is dropped, as a live region's repeated
    /// update is. A screen reader's own speech (SSIP, Emacspeak) sets this false: a user who moves
    /// twice over the same word must hear it twice, as Speech Dispatcher would say it.
    public var dropsRepeats = true
    /// Where speech resumes after a pause: just after the mark with this number (0 is the first);
    /// nil speaks from the start.
    public var resumesAfterMark: Int?

    /// Makes an announcement; throws when the text holds nothing to speak.
    public init(
        id: AnnouncementID = .generate(),
        text: String,
        politeness: Politeness = .polite,
        language: Language = .english,
        region: RegionID? = nil,
        prosody: Prosody = .voiceDefault,
        conduct: QueueConduct = .standard,
        arrival: MonotonicInstant,
        sent: MonotonicInstant? = nil,
        spelled: Bool = false,
        punctuation: PunctuationLevel? = nil,
        client: ClientID = .embedded
    ) throws(AnnouncementError) {
        // Spelled text may be a lone space, which is read as "space"; other text needs a word.
        guard spelled ? !text.isEmpty : text.contains(where: { !$0.isWhitespace }) else { throw .emptyText }
        self.id = id
        self.text = text
        self.politeness = politeness
        self.language = language
        self.region = region
        self.prosody = prosody
        self.conduct = conduct
        self.arrival = arrival
        self.sent = sent
        self.reading = spelled ? .characters : .words
        self.punctuation = punctuation
        self.client = client
    }
}

/// The name of a live region, such as `login-error` or `status`.
public struct RegionID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
}
