import CEspeakNG

/// The languages the installed eSpeak NG speaks, read from its voice files once per process,
/// without starting synthesis.
///
/// It is read before any synthesis starts in the process (the first `ESpeakEngine` and the first
/// speech engine both ask for it), because listing voices rebuilds a list inside the library that
/// a synthesizing thread also reads.
public struct ESpeakCatalog: Sendable {
    /// One eSpeak NG voice: its name, such as "Swedish", and the language codes it answers to, such as `sv`.
    public struct Voice: Sendable, Hashable {
        public var name: String
        public var languages: [String]
        /// Its file under espeak-ng-data, such as `gmq/sv`.
        public var identifier: String
    }

    public let voices: [Voice]

    /// The catalogue of the installed eSpeak NG, read on first use.
    public static let installed = ESpeakCatalog(voices: readInstalledVoices())

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

    private static func readInstalledVoices() -> [Voice] {
        espeak_ng_InitializePath(nil)
        guard let list = espeak_ListVoices(nil) else { return [] }
        var voices: [Voice] = []
        var index = 0
        while let entry = list[index] {
            index += 1
            let voice = entry.pointee
            guard let name = voice.name, let identifier = voice.identifier, let packed = voice.languages else { continue }
            voices.append(Voice(name: String(cString: name), languages: unpack(packed), identifier: String(cString: identifier)))
        }
        return voices
    }

    /// eSpeak's language list: a priority byte, then a NUL-terminated code, repeated, ended by a zero byte.
    private static func unpack(_ packed: UnsafePointer<CChar>) -> [String] {
        var codes: [String] = []
        var cursor = packed
        while cursor.pointee != 0 {
            cursor += 1  // the priority byte
            let code = String(cString: cursor)
            if !code.isEmpty { codes.append(code.lowercased()) }
            cursor += code.utf8.count + 1
        }
        return codes
    }
}
