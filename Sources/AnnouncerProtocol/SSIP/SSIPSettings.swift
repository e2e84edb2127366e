import AnnouncerCore

/// One SSIP client's settings, changed with `SET SELF …` and applied to each message it sends.
public struct SSIPSettings: Sendable, Equatable {
    public var clientName = "unknown:unknown:unknown"
    public var priority: SSIPPriority = .text
    /// nil until the client sets one: the server's default language applies.
    public var language: Language?
    /// SSIP's scale, -100 to 100, 0 being the voice's default; nil until set.
    public var rate: Int?
    public var pitch: Int?
    public var volume: Int?
    /// nil until the client sets one: the server's default applies.
    public var punctuation: PunctuationLevel?
    /// SET SELF SPELLING on: every message is read character by character.
    public var spelling = false
    /// SET SELF CAP_LET_RECOGN: how a capital letter is marked in CHAR, KEY and spelling; "capital A" until set.
    public var capitals = CapitalLetters.spoken
    public var voiceType = VoiceType.male1
    /// The event types the client asked to hear: begin, end, cancel, pause, resume, index_marks.
    public var notifications: Set<String> = []

    public static let notificationTypes: Set<String> = ["begin", "end", "cancel", "pause", "resume", "index_marks"]

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
