public import AnnouncerCore

/// Which punctuation marks and symbols a language names at each punctuation level, and how.
///
/// Each mark has a `Naming` and is said by its name in the spelling table, so every name is written
/// once. Marks in no list are left to eSpeak, which pauses at sentence punctuation and reads some
/// symbols itself. Two rules keep text readable at every level: a mark between two digits that is
/// part of the number (`3,5`, `12.30`, `3/4` at `none`) is left to eSpeak, and an apostrophe inside
/// a word (`don't`) is never named, since naming it would break the word in two.
public struct PunctuationTable: Sendable, Equatable {
    /// The levels at which a mark is named.
    public enum Naming: String, Sendable, Equatable, CaseIterable {
        /// Named at every level, even `none`: signs that stand for words, such as `%` and `€`.
        case always
        /// Named at `some` and `all`. At `none` it becomes a space, so eSpeak does not name it either.
        case some
        /// Named only at `all`; at `none` and `some` it is left to eSpeak, which pauses at it.
        case all
    }

    /// The marks this table names, with the levels they are named at.
    public private(set) var marks: [Character: Naming] = [:]

    /// Marks eSpeak ends a clause at: after its name the mark itself is kept, so the pause stays.
    static let clauseEnds: Set<Character> = [",", ".", "!", "?", ";", ":"]
    /// Marks that separate the parts of a number (`3,5`, `1.000`, `12:30`): never named between digits.
    static let numberSeparators: Set<Character> = [",", ".", ":"]
    /// Apostrophes, which are part of the word between letters (`don't`, `Kari's`).
    static let apostrophes: Set<Character> = ["'", "\u{2019}"]

    public init(marks: [Character: Naming] = [:]) {
        self.marks = marks
    }

    /// Sets the level `mark` is named at, or stops naming it with nil.
    public mutating func set(_ mark: Character, _ naming: Naming?) {
        marks[mark] = naming
    }

    /// `text` with punctuation named to `level`, using the names in `spelling`; phoneme runs are left alone.
    public func apply(to text: String, level: PunctuationLevel, spelling: SpellingTable) -> String {
        guard !marks.isEmpty else { return text }
        return PhonemeSegments.mapPlain(text) { naming(in: $0, level: level, spelling: spelling) }
    }

    /// What happens to one mark.
    private enum Action { case keep, space, name }

    private func naming(in run: Substring, level: PunctuationLevel, spelling: SpellingTable) -> String {
        // Most text has no mark this table knows; hand it back untouched without building a copy.
        guard run.contains(where: { marks[$0] != nil }) else { return String(run) }
        var result = ""
        result.reserveCapacity(run.utf8.count + 32)
        var previous: Character?
        var position = run.startIndex
        while position < run.endIndex {
            let character = run[position]
            let nextPosition = run.index(after: position)
            let next = nextPosition < run.endIndex ? run[nextPosition] : nil
            defer { previous = character; position = nextPosition }
            guard let naming = marks[character] else {
                result.append(character)
                continue
            }
            switch action(for: character, naming, level: level, previous: previous, next: next) {
            case .keep:
                result.append(character)
            case .space:
                result.append(" ")
            case .name:
                guard let name = spelling.name(of: character) else {
                    result.append(character)
                    continue
                }
                if let last = result.last, !last.isWhitespace { result.append(" ") }
                result += name
                let endsClause = Self.clauseEnds.contains(character) && (next.map(\.isWhitespace) ?? true)
                if endsClause {
                    result.append(character)
                } else if let next, !next.isWhitespace {
                    result.append(" ")
                }
            }
        }
        return result
    }

    private func action(
        for mark: Character, _ naming: Naming, level: PunctuationLevel, previous: Character?, next: Character?
    ) -> Action {
        let betweenDigits = previous?.isNumber == true && next?.isNumber == true
        switch (naming, level) {
        case (.always, _):
            return .name
        case (.some, .none):
            // "3/4" and "2+2" are numbers; eSpeak reads them as such.
            return betweenDigits ? .keep : .space
        case (.some, _):
            return .name
        case (.all, .all):
            if betweenDigits, Self.numberSeparators.contains(mark) { return .keep }
            if Self.apostrophes.contains(mark), previous?.isLetter == true, next?.isLetter == true { return .keep }
            return .name
        case (.all, _):
            return .keep
        }
    }
}

extension PunctuationTable {
    /// Reads a `punctuation:` section over this one. Each of `always`, `some` and `all` is a text of
    /// marks separated by spaces; a list given replaces that level's list, and its marks leave any other.
    mutating func read(_ node: YAMLNode) {
        guard let entries = node.mapping() else { return }
        for (key, value) in entries {
            guard let naming = Naming(rawValue: key) else {
                value.report("The key \"\(key)\" is not part of punctuation; the keys are always, some and all.")
                continue
            }
            guard let text = value.string() else { continue }
            var listed: [Character] = []
            var wellFormed = true
            for token in text.split(whereSeparator: \.isWhitespace) {
                guard token.count == 1, let mark = token.first else {
                    value.report("punctuation.\(key) lists marks one character at a time, separated by spaces; \"\(token.prefix(20))\" is \(token.count) characters.")
                    wellFormed = false
                    break
                }
                guard !mark.isLetter, !mark.isNumber else {
                    value.report("punctuation.\(key) lists \"\(mark)\", a letter or digit; only marks and symbols are named.")
                    wellFormed = false
                    break
                }
                listed.append(mark)
            }
            guard wellFormed else { continue }
            marks = marks.filter { $0.value != naming }
            for mark in listed { marks[mark] = naming }
        }
    }

    /// Reports, at `node`, every mark this table names that `spelling` has no name for.
    func checkNames(in spelling: SpellingTable, reportingAt node: YAMLNode) {
        let unnamed = marks.keys.filter { spelling.name(of: $0) == nil }.map { "\"\($0)\"" }.sorted()
        guard !unnamed.isEmpty else { return }
        node.report("punctuation names \(unnamed.joined(separator: ", ")), which spelling.characters gives no name; add one there, as \"@\": at sign.")
    }
}
