/// The languages the installed eSpeak NG speaks: its voices and the codes they answer to.
///
/// The process that runs eSpeak reads it (`ESpeakCatalog.installed`, in the ESpeak module) and the
/// synthesis worker hands it to its supervisor with its first frame, so a server that never loads
/// libespeak-ng itself still knows every language.
public struct ESpeakCatalog: Sendable, Equatable {
    /// One eSpeak NG voice: its name, such as "Swedish", and the language codes it answers to, such as `sv`.
    public struct Voice: Sendable, Hashable {
        public var name: String
        public var languages: [String]
        /// Its file under espeak-ng-data, such as `gmq/sv`.
        public var identifier: String

        public init(name: String, languages: [String], identifier: String) {
            self.name = name
            self.languages = languages
            self.identifier = identifier
        }
    }

    public let voices: [Voice]

    public init(voices: [Voice]) { self.voices = voices }

    /// Every language code eSpeak answers to, lower-case, such as `sv`, `de`, `en-gb`, `es-419`.
    public var languageCodes: Set<String> { Set(voices.flatMap(\.languages)) }

    /// The voice that speaks `code` (`sv`, `de-DE`, `no`), matched ignoring case: the code itself,
    /// else its first subtag, else the first voice whose language begins with it.
    public func voice(forLanguage code: String) -> Voice? {
        let wanted = code.lowercased().replacing("_", with: "-")
        if let exact = voices.first(where: { $0.languages.contains(wanted) }) { return exact }
        let primary = String(wanted.prefix { $0 != "-" })
        return voices.first { $0.languages.contains(primary) }
            ?? voices.first { $0.languages.contains { $0.hasPrefix(primary + "-") } }
    }
}
