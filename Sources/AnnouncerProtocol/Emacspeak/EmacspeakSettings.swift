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

    /// Reads Emacspeak's rate (words per minute, as its eSpeak server takes it) into announcer's range.
    static func rate(_ word: String) -> Int? {
        guard let number = Double(word), number.isFinite else { return nil }
        return min(Prosody.rateRange.upperBound, max(Prosody.rateRange.lowerBound, Int(number.rounded())))
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
