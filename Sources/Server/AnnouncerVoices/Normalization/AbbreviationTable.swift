/// Abbreviations said in full ("kl." → "klokken", "e.g." → "for example"), whole words only.
///
/// Case: an abbreviation matches as written, and one written with a small first letter also
/// matches with a capital one, as at the start of a sentence ("Kl. 9"). "Mr." matches only "Mr.".
///
/// The full stop that ends an abbreviation is not read as the end of a sentence, except at the
/// end of the text, and, for `closing` abbreviations such as "osv.", before a capital letter.
public struct AbbreviationTable: Sendable, Equatable {
    /// Where an abbreviation stands, which decides what its full stop means.
    public enum Kind: String, Sendable, CaseIterable {
        /// Always followed by something ("f.eks.", "Mr."): its full stop never ends a sentence.
        case leading
        /// May end a sentence ("osv.", "etc."): its full stop stays before a capital letter.
        case closing
        /// Only an abbreviation before a number ("nr. 5", "No. 5"), so the word "no." is left alone.
        case beforeNumbers = "before_numbers"
    }

    /// One abbreviation and its words.
    public struct Entry: Sendable, Equatable {
        public let written: String
        public let spoken: String
        public let kind: Kind
        /// `written` as characters, and its first letter in capitals when it starts in lower case: made once, compared often.
        let characters: [Character]
        let capitalFirst: Character?

        public init(_ written: String, _ spoken: String, kind: Kind = .leading) {
            self.written = written
            self.spoken = spoken
            self.kind = kind
            characters = Array(written)
            capitalFirst = characters.first.flatMap { $0.isLowercase ? Character($0.uppercased()) : nil }
        }
    }

    /// The entries by how they are written, the later of two files winning.
    public private(set) var entries: [String: Entry] = [:]
    /// Entries by their first character as written, and in capitals for those that start in lower case; longest first.
    private var byFirstCharacter: [Character: [Entry]] = [:]

    public init(_ entries: [Entry] = []) {
        for entry in entries { self.entries[entry.written] = entry }
        index()
    }

    /// True when some abbreviation has no full stop, so text without one may still hold it.
    private(set) var hasEntriesWithoutFullStop = false

    /// The abbreviation written at `start`, if any, and the words for it.
    func match(_ scanner: TextScanner, at start: Int) -> NormalizedRun? {
        guard let first = scanner[start], let candidates = byFirstCharacter[first] else { return nil }
        for entry in candidates where matches(entry, scanner, at: start) {
            let end = start + entry.characters.count
            if let last = entry.characters.last, last.isWordCharacter,
               let next = scanner[end], next.isWordCharacter { continue }
            if entry.kind == .beforeNumbers {
                var cursor = end
                while scanner[cursor] == " " || scanner[cursor] == "\u{00A0}" { cursor += 1 }
                guard scanner.isDigit(cursor) else { continue }
            }
            var spoken = entry.spoken
            // "kl.14:30": the words need a space before what follows.
            if let next = scanner[end], next.isWordCharacter { spoken += " " }
            if entry.written.hasSuffix("."),
               scanner.endsAfter(end) || (entry.kind == .closing && scanner.capitalFollows(end)) {
                spoken += "."
            }
            return NormalizedRun(end: end, spoken: spoken)
        }
        return nil
    }

    private func matches(_ entry: Entry, _ scanner: TextScanner, at start: Int) -> Bool {
        guard start + entry.characters.count <= scanner.count, let first = scanner[start],
              first == entry.characters[0] || first == entry.capitalFirst else { return false }
        for offset in 1..<entry.characters.count where scanner.characters[start + offset] != entry.characters[offset] { return false }
        return true
    }

    private mutating func index() {
        var grouped: [Character: [Entry]] = [:]
        for entry in entries.values {
            guard let first = entry.written.first else { continue }
            grouped[first, default: []].append(entry)
            if let capital = entry.capitalFirst, capital != first { grouped[capital, default: []].append(entry) }
        }
        byFirstCharacter = grouped.mapValues { $0.sorted { ($0.written.count, $0.written) > ($1.written.count, $1.written) } }
        hasEntriesWithoutFullStop = entries.keys.contains { !$0.contains(".") }
    }

    /// Reads `abbreviations:`: the tables `leading`, `closing` and `before_numbers`, each mapping
    /// the written form to the words; `~` as the words removes an abbreviation.
    mutating func read(_ node: YAMLNode) {
        guard let tables = node.mapping() else { return }
        for (name, table) in tables {
            guard let kind = Kind(rawValue: name) else {
                node.report(key: name, "\(table.path) is not a kind of abbreviation; the kinds are \(Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
                continue
            }
            guard let pairs = table.mapping() else { continue }
            for (written, value) in pairs {
                if value.isNull {
                    entries[written] = nil
                    continue
                }
                guard let spoken = value.string() else { continue }
                guard written.first.map({ $0.isWordLetter }) == true else {
                    value.report("The abbreviation \"\(written)\" must begin with a letter.")
                    continue
                }
                entries[written] = Entry(written, spoken, kind: kind)
            }
        }
        index()
    }
}
