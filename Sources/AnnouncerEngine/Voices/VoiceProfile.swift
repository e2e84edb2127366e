import AnnouncerCore

/// How one language is spoken: the eSpeak NG voice and its default rate, pitch and volume.
public struct VoiceProfile: Sendable, Hashable {
    public var language: Language
    /// The eSpeak NG voice name.
    public var espeakVoice: String
    public var rate: Int
    public var pitch: Int
    public var volume: Int

    /// The profiles built in until `Voices/` profiles are loaded: eSpeak's own voices at its defaults.
    public static func builtIn(_ language: Language) -> VoiceProfile {
        switch language {
        case .english: VoiceProfile(language: .english, espeakVoice: "en", rate: 175, pitch: 50, volume: 100)
        case .norwegianBokmal: VoiceProfile(language: .norwegianBokmal, espeakVoice: "nb", rate: 175, pitch: 50, volume: 100)
        }
    }
}
