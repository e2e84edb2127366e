public import AnnouncerCore

/// How an Emacspeak session speaks: what `tts_set_*` and `tts_sync_state` set, and the language.
public struct EmacspeakSettings: Sendable, Equatable {
    /// Words per minute, within `Prosody.rateRange`; nil is the voice profile's own rate.
    public var rate: Int?
    public var punctuation: PunctuationLevel = .some
    /// A letter (`l`) is said this many times as fast as words.
    public var characterScale = 1.2
    /// "HelloWorld" is read as "Hello World".
    public var splitCaps = true
    /// A word that begins with a capital is said at a higher pitch.
    public var capitalize = false
    /// A short beep comes before a word in capitals.
    public var allCapsBeep = false
    public var language: Language

    public init(language: Language) {
        self.language = language
    }

    /// Reads Emacspeak's rate: words per minute, as its eSpeak server takes it, at most 450. nil when
    /// the word is no number or below 0.
    static func wordsPerMinute(_ word: String) -> EmacspeakNumber? {
        guard let number = EmacspeakNumber(word), number.value >= 0 else { return nil }
        return number
    }

    /// The rate to speak at. Below 80 words per minute, the voice's own rate: Emacspeak starts a server
    /// it does not know by name (`announcer`) at 75 on a scale of its own, which would be a crawl.
    static func rate(wordsPerMinute: EmacspeakNumber) -> Int? {
        guard wordsPerMinute.value >= Double(Prosody.rateRange.lowerBound) else { return nil }
        return wordsPerMinute.clamped(to: Prosody.rateRange)
    }

    /// Reads Emacspeak's flags: `1`, `t` and `true` are on; `0`, `nil` and `false` off.
    static func flag(_ word: String) -> Bool? {
        switch word.lowercased() {
        case "1", "t", "true": true
        case "0", "nil", "false": false
        default: nil
        }
    }
}
