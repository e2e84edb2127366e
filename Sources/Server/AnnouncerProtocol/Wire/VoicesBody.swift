public import AnnouncerCore

/// The body of the reply to `voices`: the voice profiles, the other languages eSpeak NG speaks, and
/// the profile files left out with their problems.
public struct VoicesBody: Sendable, Hashable, Codable {
    public var defaultLanguage: Language
    public var voices: [VoiceEntry]
    public var synthesizerLanguages: [SynthesizerLanguage]
    /// One sentence per problem, naming the file and line.
    public var problems: [String]

    enum CodingKeys: String, CodingKey {
        case defaultLanguage = "default_lang", voices, synthesizerLanguages = "synthesizer_languages", problems
    }

    public init(defaultLanguage: Language, voices: [VoiceEntry], synthesizerLanguages: [SynthesizerLanguage], problems: [String]) {
        self.defaultLanguage = defaultLanguage
        self.voices = voices
        self.synthesizerLanguages = synthesizerLanguages
        self.problems = problems
    }

    /// One voice profile.
    public struct VoiceEntry: Sendable, Hashable, Codable {
        public var language: Language
        public var name: String
        public var espeakVoice: String
        public var voiceType: String
        public var rate: Int
        public var pitch: Int
        public var volume: Int
        public var lexiconEntries: Int
        /// The files it was read from, in order.
        public var sources: [String]

        enum CodingKeys: String, CodingKey {
            case language = "lang", name, espeakVoice = "espeak_voice", voiceType = "voice_type", rate, pitch, volume
            case lexiconEntries = "lexicon_entries", sources
        }

        public init(language: Language, name: String, espeakVoice: String, voiceType: String, rate: Int, pitch: Int, volume: Int, lexiconEntries: Int, sources: [String]) {
            self.language = language
            self.name = name
            self.espeakVoice = espeakVoice
            self.voiceType = voiceType
            self.rate = rate
            self.pitch = pitch
            self.volume = volume
            self.lexiconEntries = lexiconEntries
            self.sources = sources
        }
    }

    /// A language eSpeak NG speaks that has no profile of its own.
    public struct SynthesizerLanguage: Sendable, Hashable, Codable {
        public var language: Language
        /// The name of the profile it is spoken with.
        public var name: String

        enum CodingKeys: String, CodingKey { case language = "lang", name }

        public init(language: Language, name: String) {
            self.language = language
            self.name = name
        }
    }
}
