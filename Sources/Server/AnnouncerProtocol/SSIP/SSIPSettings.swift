public import AnnouncerCore

/// One SSIP client's settings, changed with `SET SELF …` and applied to each message it sends.
///
/// Settings that change nothing in announcer's speech (output module, pitch range, pause context,
/// synthesis voice names it does not offer) are still kept, so GET answers what the client set.
public struct SSIPSettings: Sendable, Equatable {
    public var clientName = "unknown:unknown:unknown"
    public var priority: SSIPPriority = .text
    /// nil until the client sets one: the server's default language applies.
    public var language: Language?
    /// The language code as the client last set it, lower-cased, for GET LANGUAGE; nil until set.
    public var languageCode: String?
    /// SSIP's scale, -100 to 100, 0 being the voice's default; nil until set.
    public var rate: Int?
    public var pitch: Int?
    public var volume: Int?
    /// SET SELF PITCH_RANGE, -100 to 100; kept, not yet applied to speech.
    public var pitchRange: Int?
    /// SET SELF PAUSE_CONTEXT; kept for when PAUSE and RESUME are built.
    public var pauseContext: Int?
    /// nil until the client sets one: the server's default applies.
    public var punctuationMode: SSIPPunctuationMode?
    /// SET SELF SSML_MODE on: message bodies are SSML (python3-speechd's `set_data_mode(SSML)`, as Orca sets it).
    public var ssmlMode = false
    /// SET SELF SPELLING on: every message is read character by character.
    public var spelling = false
    /// SET SELF CAP_LET_RECOGN: how a capital letter is marked in CHAR, KEY and spelling; "capital A" until set.
    public var capitals = CapitalLetters.spoken
    /// nil after SET SELF SYNTHESIS_VOICE, which GET VOICE_TYPE reports as NO_VOICE: the language's own voice speaks.
    public var voiceType: VoiceType? = .male1
    /// The name last given to SET SELF SYNTHESIS_VOICE, whether or not announcer offers such a voice.
    public var synthesisVoice: String?
    /// The name last given to SET SELF OUTPUT_MODULE, lower-cased; every name reaches the one synthesizer.
    public var outputModule = "announcer"
    /// The event types the client asked to hear: begin, end, cancel, pause, resume, index_marks.
    public var notifications: Set<String> = []

    public static let notificationTypes: Set<String> = ["begin", "end", "cancel", "pause", "resume", "index_marks"]

    /// The level each message is read with; nil leaves it to the server's default.
    public var punctuation: PunctuationLevel? { punctuationMode?.level }

    /// The rate, pitch and volume on the core's scales, mapped as Speech Dispatcher's eSpeak module does:
    /// rate -100…0…100 → 80…175…450 words per minute, pitch → 0…50…100, volume v → v + 100 (0…200).
    public var prosody: Prosody {
        let words = rate.map { $0 < 0 ? 175 + 95 * $0 / 100 : 175 + 275 * $0 / 100 }
        let height = pitch.map { $0 < 0 ? ($0 + 100) * 50 / 100 : $0 * 50 / 100 + 50 }
        let loudness = volume.map { $0 + 100 }
        // Every value was range-checked when it was set, so this cannot throw.
        return (try? Prosody(rate: words, pitch: height, volume: loudness)) ?? .voiceDefault
    }
}

/// SSIP's four punctuation modes, kept as the client named them for GET PUNCTUATION.
public enum SSIPPunctuationMode: String, Sendable, Hashable, CaseIterable {
    case none, some, most, all

    /// The level announcer reads with: `most` sits between some and all, and names what `some` does.
    public var level: PunctuationLevel {
        switch self {
        case .none: .none
        case .some, .most: .some
        case .all: .all
        }
    }
}
