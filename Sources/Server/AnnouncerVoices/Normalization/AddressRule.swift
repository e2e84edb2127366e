/// E-mail addresses and web addresses read part by part, with the language's words for the
/// symbols between the parts: "ola.nordmann@nav.no" → "ola punktum nordmann krøllalfa nav punktum no".
///
/// A web address is recognized by its scheme ("https://") or by "www."; neither is read, because
/// a listener types or follows the address without them: "https://www.nav.no/login" → "nav punktum
/// no skråstrek login". A closing slash is not read either, nor a full stop or comma after the address.
public struct AddressRule: Sendable, Equatable {
    /// The words for the symbols in addresses: "@", ".", "/", "-", "_", ":" and others.
    public var symbols: [Character: String] = [:]

    public init() {}

    /// Characters that may stand in an address besides letters and digits.
    private static let addressSymbols: Set<Character> = [".", "-", "_", "+", "%", "/", ":", "?", "=", "&", "#", "~", "@", "!", "$", "*", ",", ";", "'"]
    /// Characters that end a sentence or clause after an address rather than belong to it.
    private static let trailing: Set<Character> = [".", ",", ";", ":", "!", "?", "'", ")"]

    /// The e-mail address written at `start`.
    func matchEmail(_ scanner: TextScanner, at start: Int) -> NormalizedRun? {
        guard let at = symbols["@"], !at.isEmpty else { return nil }
        var cursor = start
        while let character = scanner[cursor], character.isWordCharacter || "._%+-".contains(character) { cursor += 1 }
        guard cursor > start, scanner[cursor] == "@", scanner[start] != "." else { return nil }
        let domainStart = cursor + 1
        cursor = domainStart
        while let character = scanner[cursor], character.isWordCharacter || ".-".contains(character) { cursor += 1 }
        while cursor > domainStart, scanner[cursor - 1] == "." || scanner[cursor - 1] == "-" { cursor -= 1 }
        let domain = scanner.text(domainStart, cursor)
        // A domain has a dot and a top-level name of letters: "nav.no", not "nav" or "10.0.0.1".
        guard let lastDot = domain.lastIndex(of: "."), domain[domain.index(after: lastDot)...].count >= 2,
              domain[domain.index(after: lastDot)...].allSatisfy(\.isWordLetter) else { return nil }
        return NormalizedRun(end: cursor, spoken: spoken(scanner.text(start, cursor)))
    }

    /// The web address written at `start`, with a scheme or starting with "www.".
    func matchURL(_ scanner: TextScanner, at start: Int) -> NormalizedRun? {
        guard !symbols.isEmpty, let first = scanner[start], first.isWordLetter else { return nil }
        var bodyStart: Int
        var cursor = start
        while scanner[cursor]?.isWordLetter == true { cursor += 1 }
        if scanner.has("://", at: cursor), cursor - start <= 10 {
            bodyStart = cursor + 3
        } else if scanner.has("www.", at: start, ignoringCase: true) {
            bodyStart = start
        } else {
            return nil
        }
        if scanner.has("www.", at: bodyStart, ignoringCase: true) { bodyStart += 4 }
        cursor = bodyStart
        while let character = scanner[cursor], character.isWordCharacter || Self.addressSymbols.contains(character) { cursor += 1 }
        while cursor > bodyStart, let last = scanner[cursor - 1], Self.trailing.contains(last) { cursor -= 1 }
        if cursor > bodyStart, scanner[cursor - 1] == "/" { cursor -= 1 }
        guard cursor > bodyStart, scanner[bodyStart]?.isWordLetter == true || scanner.isDigit(bodyStart) else { return nil }
        var end = cursor
        if scanner[end] == "/" { end += 1 }
        return NormalizedRun(end: end, spoken: spoken(scanner.text(bodyStart, cursor)))
    }

    /// The address with every symbol that has a word said as that word, set apart by spaces.
    private func spoken(_ address: String) -> String {
        var words: [String] = []
        var part = ""
        for character in address {
            if let word = symbols[character] {
                if !part.isEmpty { words.append(part) }
                part = ""
                if !word.isEmpty { words.append(word) }
            } else {
                part.append(character)
            }
        }
        if !part.isEmpty { words.append(part) }
        return words.joined(separator: " ")
    }

    /// Reads `addresses:`, a table from one symbol to its word.
    mutating func read(_ node: YAMLNode) {
        guard let table = node.stringTable() else { return }
        for (symbol, word, line) in table {
            guard symbol.count == 1, let character = symbol.first else {
                node.problems.add(line: line, message: "\(node.path) names \"\(symbol)\"; give one symbol at a time, such as \"@\": at.")
                continue
            }
            symbols[character] = word
        }
    }
}
