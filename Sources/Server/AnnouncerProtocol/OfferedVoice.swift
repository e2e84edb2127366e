public import AnnouncerCore

/// A voice the server really offers, one per voice profile, as both protocols list it.
public struct OfferedVoice: Sendable, Hashable {
    /// The profile's name, such as "English" or "Norsk bokmål".
    public var name: String
    public var language: Language
    /// The SSIP voice type it answers to, such as `MALE1`.
    public var voiceType: String

    public init(name: String, language: Language, voiceType: String) {
        self.name = name
        self.language = language
        self.voiceType = voiceType
    }
}
