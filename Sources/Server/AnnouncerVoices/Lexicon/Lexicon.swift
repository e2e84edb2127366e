/// A pronunciation lexicon: whole words (or word groups such as "Face ID") replaced by another
/// spelling or by eSpeak phonemes in `[[ ]]`, longest match first.
///
/// Case: an entry written in capitals only, with two letters or more ("PIN", "NHF", "WCAG"),
/// matches only in capitals, so the ordinary word "pin" is left alone. Every other entry matches
/// in any case ("BankID" matches "bankid" and "BANKID").
public struct Lexicon: Sendable, Equatable {
    /// One word and what eSpeak should be given instead.
    public struct Entry: Sendable, Equatable {
        public var word: String
        public var replacement: String

        public init(word: String, replacement: String) {
            self.word = word
            self.replacement = replacement
        }

        /// True for acronyms in capitals, which match only in capitals.
        public var matchesCaseExactly: Bool {
            word.filter(\.isLetter).count >= 2 && !word.contains(where: \.isLowercase)
        }

        /// True when the replacement is eSpeak phonemes.
        public var isPhonemes: Bool { replacement.hasPrefix("[[") && replacement.hasSuffix("]]") }
    }

    /// The entries by word, the later of two files winning.
    public private(set) var entries: [String: Entry] = [:]
    /// Entries grouped by their first word, lower-cased, longest first. Grouped by first character,
    /// a lexicon of 30,000 words of one letter cost 330 ms for each word of the text with that letter.
    private var byFirstWord: [String: [Entry]] = [:]

    public init(_ entries: [Entry] = []) {
        for entry in entries { self.entries[entry.word] = entry }
        index()
    }

    /// Adds or replaces an entry.
    public mutating func set(_ entry: Entry) {
        entries[entry.word] = entry
        index()
    }

    /// Removes the entry for `word`, if any.
    public mutating func remove(_ word: String) {
        entries[word] = nil
        index()
    }

    /// `text` with every whole-word match replaced, longest entry first; phoneme runs are left alone.
    public func apply(to text: String) -> String {
        guard !entries.isEmpty else { return text }
        return PhonemeSegments.mapPlain(text) { replacingMatches(in: $0) }
    }

    private func replacingMatches(in text: Substring) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var position = text.startIndex
        var previous: Character?
        while position < text.endIndex {
            let character = text[position]
            if !Self.isWordCharacter(previous),
               let candidates = byFirstWord[Self.firstWordKey(text[position...])],
               let (entry, end) = longestMatch(in: text, at: position, among: candidates) {
                if entry.isPhonemes {
                    // eSpeak needs spaces around phoneme input to treat it as a word.
                    if let last = result.last, !last.isWhitespace { result.append(" ") }
                    result += entry.replacement
                    if end < text.endIndex, !text[end].isWhitespace { result.append(" ") }
                } else {
                    result += entry.replacement
                }
                previous = text[text.index(before: end)]
                position = end
                continue
            }
            result.append(character)
            previous = character
            position = text.index(after: position)
        }
        return result
    }

    private func longestMatch(
        in text: Substring, at start: Substring.Index, among candidates: [Entry]
    ) -> (Entry, Substring.Index)? {
        for entry in candidates {
            var cursor = start
            var matched = true
            for wanted in entry.word {
                guard cursor < text.endIndex else { matched = false; break }
                let found = text[cursor]
                let same = entry.matchesCaseExactly ? found == wanted : found.lowercased() == wanted.lowercased()
                guard same else { matched = false; break }
                cursor = text.index(after: cursor)
            }
            guard matched else { continue }
            if cursor < text.endIndex, Self.isWordCharacter(text[cursor]) { continue }
            return (entry, cursor)
        }
        return nil
    }

    private static func isWordCharacter(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isLetter || character.isNumber
    }

    private mutating func index() {
        byFirstWord = Dictionary(grouping: entries.values) { Self.firstWordKey($0.word[...]) }
            .mapValues { $0.sorted { ($0.word.count, $0.word) > ($1.word.count, $1.word) } }
    }

    /// The letters and digits `text` begins with, lower-cased a character at a time as matching
    /// compares them; or its first character alone when that is neither. An entry can match only
    /// where the text begins with the same key, since a match must end at the end of a word.
    private static func firstWordKey(_ text: Substring) -> String {
        guard let first = text.first else { return "" }
        guard isWordCharacter(first) else { return first.lowercased() }
        var key = ""
        for character in text {
            guard isWordCharacter(character) else { break }
            key += character.lowercased()
        }
        return key
    }
}

extension Lexicon {
    /// Reads a `lexicon:` section over this one: `word: replacement` adds or replaces an entry,
    /// `word: null` (or `~`) removes one.
    mutating func read(_ node: YAMLNode) {
        guard let pairs = node.mapping() else { return }
        for (word, value) in pairs {
            if value.isNull {
                entries[word] = nil
                continue
            }
            guard let replacement = value.string() else { continue }
            guard word.first.map({ $0.isLetter || $0.isNumber }) == true else {
                value.report("The lexicon word \"\(word)\" must begin with a letter or digit.")
                continue
            }
            if replacement.hasPrefix("[[") != replacement.hasSuffix("]]") || !PhonemeSegments.isBalanced(replacement) {
                value.report("The replacement for \"\(word)\" opens or closes [[ ]] without the other; phonemes go inside both, as [[b'ANkId'e:]].")
                continue
            }
            entries[word] = Entry(word: word, replacement: replacement)
        }
        index()
    }
}
