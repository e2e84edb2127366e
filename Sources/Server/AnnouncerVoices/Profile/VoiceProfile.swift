public import AnnouncerCore

/// How one language is spoken: the eSpeak NG voice, its defaults, the server's own words,
/// and the tables that prepare text for synthesis (normalization, lexicon, spelling, punctuation).
public struct VoiceProfile: Sendable, Equatable {
    public var language: Language
    /// The language's name in its own language, such as "English" or "Norsk bokmål".
    public var name: String
    /// The eSpeak NG voice name, such as `en` or `nb`.
    public var espeakVoice: String
    /// The SSIP voice type this voice answers to, such as `MALE1`.
    public var voiceType: String
    /// Words per minute, 80 to 450.
    public var rate: Int
    /// 0 to 100.
    public var pitch: Int
    /// 0 to 200.
    public var volume: Int
    /// The server's own words, by dotted key: `error`, `roles.button`, `states.on`.
    public var words: [String: String]
    public var normalizer: TextNormalizer
    public var lexicon: Lexicon
    public var spelling: SpellingTable
    public var keys: KeyNameTable
    public var punctuation: PunctuationTable
    /// The files this profile was read from, in the order they were applied.
    public var sources: [String]
    /// Whether English inside this language's text is spoken by the English profile
    /// (`language_switching:` in the file; see `LanguageSwitcher`).
    public var switchesLanguage = true
    /// Words this language's text always gives to the English profile, even alone, even short, and
    /// even when Bokmål has them too: product names and terms ("Bluetooth", "Wi-Fi"), as written
    /// (`english_words:` in the file).
    public var englishWords: Set<String> = []

    public init(
        language: Language, name: String? = nil, espeakVoice: String, voiceType: String = bareVoiceType,
        rate: Int = 175, pitch: Int = 50, volume: Int = 100, words: [String: String] = [:],
        normalizer: TextNormalizer = TextNormalizer(), lexicon: Lexicon = Lexicon(),
        spelling: SpellingTable = SpellingTable(), keys: KeyNameTable = KeyNameTable(),
        punctuation: PunctuationTable = PunctuationTable(), sources: [String] = []
    ) {
        self.language = language
        self.name = name ?? language.rawValue
        self.espeakVoice = espeakVoice
        self.voiceType = voiceType
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
        self.words = words
        self.normalizer = normalizer
        self.lexicon = lexicon
        self.spelling = spelling
        self.keys = keys
        self.punctuation = punctuation
        self.sources = sources
    }

    /// The SSIP voice type of a profile that names none.
    public static let bareVoiceType = "MALE1"

    /// A profile with eSpeak's own voice at its defaults and no tables: what speaks when no profile file is found.
    public static func bare(_ language: Language) -> VoiceProfile {
        VoiceProfile(language: language, espeakVoice: language.rawValue)
    }

    /// One of the server's own words, such as `word("error")`; the key itself when the profile lacks it.
    public func word(_ key: String) -> String {
        words[key] ?? key
    }

    /// The text eSpeak is given for `text`: spelled out, or normalized and passed through the lexicon,
    /// with punctuation named to `punctuationLevel`. eSpeak phonemes from the lexicon come in `[[ ]]`;
    /// any `[[` the client wrote is broken up before the lexicon runs, so a client can never send phonemes.
    public func prepare(_ text: String, spelled: Bool = false, punctuationLevel: PunctuationLevel = .some) -> String {
        prepare(text, reading: spelled ? .characters : .words, punctuationLevel: punctuationLevel)
    }

    /// The text eSpeak is given for `text` read as `reading`: spelled, a key's names, or words as above.
    /// `capitals` says how a capital letter is marked in spelling and key names.
    public func prepare(
        _ text: String, reading: TextReading, capitals: CapitalLetters = .spoken, punctuationLevel: PunctuationLevel = .some
    ) -> String {
        switch reading {
        // Spelling names every character, "[" too, and never passes a client's "[[" on as phonemes.
        case .characters: return spelling.spell(text, capitals: capitals)
        case .key: return keys.read(text, spelling: spelling, capitals: capitals)
        case .words: break
        }
        // One pass after the normalizer covers the client's text and the normalizer's alike: any [[ the
        // client wrote, or a profile's abbreviation or template (or a join of the client's brackets)
        // formed, is broken, and control characters become spaces, before the lexicon adds its phonemes.
        let normalized = PhonemeSegments.neutralize(normalizer.normalize(text))
        let looked = lexicon.apply(to: normalized)
        return punctuation.apply(to: looked, level: punctuationLevel, spelling: spelling)
    }
}
