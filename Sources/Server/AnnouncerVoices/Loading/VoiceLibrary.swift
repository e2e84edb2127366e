public import AnnouncerCore
public import Foundation

/// The voice profiles a server or `announce` speaks with: the shipped ones in `Voices/`, overlaid by the
/// user's (`$XDG_CONFIG_HOME/announcer/voices/`, then `--voices DIR`), with what was wrong in any file.
public struct VoiceLibrary: Sendable {
    /// The profiles, by language.
    public private(set) var profiles: [Language: VoiceProfile]
    /// Every problem found; a file with a problem was left out, and the rest still loaded.
    public private(set) var problems: [FileProblem]
    /// The languages the synthesizer speaks with no profile, by the name it gives each ("Swedish").
    public private(set) var synthesizerLanguages: [Language: String] = [:]
    /// Finds English inside Bokmål text; nil when the shipped word lists were not found.
    public var switcher: LanguageSwitcher?
    /// False turns language switching off for every profile (`--no-language-switching`).
    public var switchesLanguage = true

    /// Profiles given directly, as tests and embedders do.
    public init(profiles: [VoiceProfile], problems: [FileProblem] = []) {
        self.profiles = Dictionary(profiles.map { ($0.language, $0) }, uniquingKeysWith: { _, last in last })
        self.problems = problems
    }

    /// Reads every `*.yaml` and `*.yml` file of each directory, in name order, each directory over the one before.
    /// A directory that does not exist is skipped; say so yourself when the user named it.
    public init(directories: [String]) {
        var profiles: [Language: VoiceProfile] = [:]
        var problems: [FileProblem] = []
        for directory in directories {
            for file in Self.profileFiles(in: directory) {
                problems += VoiceProfileReader.apply(file: file, to: &profiles)
            }
        }
        self.profiles = profiles
        self.problems = problems
    }

    /// Reads one profile file's text over these profiles, as the next file of a voices directory would be,
    /// and returns what was wrong with it (a file with a problem changes nothing). Public so the fuzz
    /// harnesses in `Fuzz/` can feed profile text without writing files.
    public mutating func apply(yaml: String, file: String) -> [FileProblem] {
        let found = VoiceProfileReader.apply(yaml: yaml, file: file, to: &profiles)
        problems += found
        return found
    }

    /// The shipped profiles, then the user's configuration directory, then `extra` (from `--voices`).
    /// When no shipped profiles are found at all, English and Norwegian Bokmål speak with eSpeak's own voices.
    public static func standard(
        extra: [String] = [], environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> VoiceLibrary {
        let shipped = ShippedVoices.directory(environment: environment)
        var directories = shipped.map { [$0] } ?? []
        if let user = userDirectory(environment: environment) { directories.append(user) }
        directories += extra
        var library = VoiceLibrary(directories: directories)
        library.switcher = shipped.flatMap { LanguageSwitcher.shipped(inVoicesDirectory: $0) }
        if shipped == nil {
            library.problems.insert(FileProblem(file: "Voices", line: nil,
                message: "The shipped voice profiles were not found (looked in \(ShippedVoices.candidates(environment: environment).joined(separator: " and "))); English and Norwegian speak with eSpeak's own voices, without lexicon or normalization."), at: 0)
            for language in [Language.english, .norwegianBokmal] where library.profiles[language] == nil {
                library.profiles[language] = .bare(language)
            }
        }
        return library
    }

    /// `$XDG_CONFIG_HOME/announcer/voices`, or `~/.config/announcer/voices`.
    public static func userDirectory(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return "\(config)/announcer/voices" }
        if let home = environment["HOME"], !home.isEmpty { return "\(home)/.config/announcer/voices" }
        return nil
    }

    /// `text` in `language` split into the stretches each profile speaks: English inside Bokmål is
    /// spoken by the English profile, and Bokmål inside English by the Bokmål one, unless switching is
    /// off here or in the text's own profile, or either profile is missing.
    public func segments(of text: String, in language: Language) -> [LanguageSegment] {
        guard switchesLanguage, let switcher, language == switcher.base || language == switcher.foreign,
              profiles[language]?.switchesLanguage ?? true,
              profiles[switcher.base] != nil, profiles[switcher.foreign] != nil else { return [LanguageSegment(text, language)] }
        return switcher.segments(of: text, in: language, naming: profiles[language]?.englishWords ?? [])
    }

    /// An SSML announcement's `parts` with the other language inside its text (English inside Bokmål,
    /// Bokmål inside English) given that language's profile, as `segments(of:in:)` finds it, and split there. Only text in the announcement's `language` is
    /// searched: text whose element names a language (`<lang>`, `xml:lang`, `<voice>`) is spoken as
    /// named, and spelled text is left whole. A sound's fallback is searched too.
    public func segmentingLanguages(in parts: some Collection<SpeechPart>, of language: Language) -> [SpeechPart] {
        guard switchesLanguage, let switcher, language == switcher.base || language == switcher.foreign else { return Array(parts) }
        return parts.flatMap { part -> [SpeechPart] in
            switch part {
            case let .text(text, style) where style.language == nil && style.reading == .words:
                return segments(of: text, in: language).map { segment in
                    var style = style
                    if segment.language != language { style.language = segment.language }
                    return .text(segment.text, style)
                }
            case let .sound(name, fallback):
                return [.sound(name: name, fallback: segmentingLanguages(in: fallback, of: language))]
            default:
                return [part]
            }
        }
    }

    /// The languages there are profiles for, in code order.
    public var languages: [Language] { profiles.keys.sorted() }

    /// Every language that can be spoken: those with profiles, then the synthesizer's own, in code order.
    public var spokenLanguages: [Language] { languages + synthesizerLanguages.keys.filter { profiles[$0] == nil }.sorted() }

    public func profile(for language: Language) -> VoiceProfile? { profiles[language] }

    /// The profile to speak `language` with: its own, else the synthesizer's voice for it at its defaults.
    public func speakingProfile(for language: Language) -> VoiceProfile {
        profiles[language] ?? VoiceProfile(language: language, name: synthesizerLanguages[language], espeakVoice: language.rawValue)
    }

    /// The name and SSIP voice type `language` is listed under: its profile's, else the synthesizer's name for
    /// it and a bare profile's type; without building a profile for each of eSpeak's hundred-odd languages.
    public func listing(for language: Language) -> (name: String, voiceType: String) {
        if let profile = profiles[language] { return (profile.name, profile.voiceType) }
        return (synthesizerLanguages[language] ?? language.rawValue, VoiceProfile.bareVoiceType)
    }

    /// Adds the languages the synthesizer speaks, given as codes with the synthesizer's name for each;
    /// a code that is not a language code, or one with a profile, adds nothing.
    public mutating func addSynthesizerLanguages(_ languages: [(code: String, name: String)]) {
        for (code, name) in languages {
            guard let language = Language(code: code), profiles[language] == nil, synthesizerLanguages[language] == nil else { continue }
            synthesizerLanguages[language] = name
        }
    }

    /// True when `language` can be spoken, with a profile or by the synthesizer alone.
    public func speaks(_ language: Language) -> Bool { profiles[language] != nil || synthesizerLanguages[language] != nil }

    /// The language for a code from a client, or the error that names close ones.
    public func language(forCode code: String) throws(AnnouncementError) -> Language {
        guard let language = Language(code: code), speaks(language) else {
            throw .unknownLanguage(code, available: spokenLanguages)
        }
        return language
    }

    /// Checks that `language` can be spoken.
    public func check(_ language: Language) throws(AnnouncementError) {
        guard speaks(language) else { throw .unknownLanguage(language.rawValue, available: spokenLanguages) }
    }

    static func profileFiles(in directory: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
            .filter { !$0.hasPrefix(".") }
            .sorted()
            .map { "\(directory)/\($0)" }
    }
}
