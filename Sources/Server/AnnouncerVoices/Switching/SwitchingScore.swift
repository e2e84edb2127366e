public import AnnouncerCore

/// How well language switching finds what a corpus marks in `[square brackets]` (the English inside
/// Bokmål strings, or the Bokmål inside English ones): per word and per phrase, and how many strings
/// with nothing marked switched. `LanguageSwitchingTests` prints and
/// checks it on `Voices/samples/`.
public struct SwitchingScore: Sendable, Equatable {
    public var strings = 0
    /// Strings with nothing marked that switched anyway.
    public var wronglySwitched: [String] = []
    public var phrasesExpected = 0
    public var phrasesFound = 0
    public var phrasesRight = 0
    public var wordsExpected = 0
    public var wordsFound = 0
    public var wordsRight = 0

    public init() {}

    /// Scores `switcher` on the lines of a corpus file (lines starting with `#` and empty lines skipped),
    /// each an announcement in `language` (Bokmål unless given).
    public mutating func add(corpus: String, switcher: LanguageSwitcher, in language: Language? = nil) {
        for line in corpus.split(separator: "\n") where !line.hasPrefix("#") && !line.allSatisfy(\.isWhitespace) {
            add(marked: String(line), switcher: switcher, in: language ?? switcher.base)
        }
    }

    /// Scores one marked string, an announcement in `language`.
    public mutating func add(marked: String, switcher: LanguageSwitcher, in language: Language) {
        strings += 1
        let text = marked.filter { $0 != "[" && $0 != "]" }
        var expected: [String] = []
        var rest = Substring(marked)
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
            expected.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        let found = switcher.segments(of: text, in: language).filter { $0.language != language }.map(\.text)
        if expected.isEmpty, !found.isEmpty { wronglySwitched.append(text) }
        phrasesExpected += expected.count
        phrasesFound += found.count
        phrasesRight += found.filter { phrase in expected.contains { Self.trimmed($0) == Self.trimmed(phrase) } }.count
        let expectedWords = expected.flatMap(Self.words)
        let foundWords = found.flatMap(Self.words)
        wordsExpected += expectedWords.count
        wordsFound += foundWords.count
        var unmatched = expectedWords
        for word in foundWords {
            if let index = unmatched.firstIndex(of: word) {
                unmatched.remove(at: index)
                wordsRight += 1
            }
        }
    }

    public var phrasePrecision: Double { ratio(phrasesRight, phrasesFound) }
    public var phraseRecall: Double { ratio(phrasesRight, phrasesExpected) }
    public var wordPrecision: Double { ratio(wordsRight, wordsFound) }
    public var wordRecall: Double { ratio(wordsRight, wordsExpected) }

    private func ratio(_ part: Int, _ whole: Int) -> Double { whole == 0 ? 1 : Double(part) / Double(whole) }

    private static func trimmed(_ text: String) -> String {
        String(text.drop { !$0.isLetter && !$0.isNumber }.reversed().drop { !$0.isLetter && !$0.isNumber }.reversed())
    }

    private static func words(_ text: String) -> [String] {
        text.split { !$0.isLetter && !$0.isNumber && $0 != "'" && $0 != "’" }.map { $0.lowercased() }
    }
}
