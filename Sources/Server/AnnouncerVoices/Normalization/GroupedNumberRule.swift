/// Numbers written in groups of three digits ("1 000 000", "12 345,67", "1,000,000") given to
/// eSpeak without the separators, so it reads one number; other runs of digit groups, such as the
/// telephone numbers "22 33 44 55" and "912 34 567", are kept apart so eSpeak never joins them.
///
/// A grouped number is a lead of one to three digits, then groups of exactly three digits, all
/// after the same separator, then perhaps the decimal mark and decimals. "412 345 678" is
/// therefore a number (four hundred and twelve million …); write telephone numbers in pairs or as 412 34 678.
public struct GroupedNumberRule: Sendable, Equatable {
    /// Characters that separate groups of three digits: a space, a no-break space, "." or ",".
    public var groupSeparators: [Character] = []
    /// The character before decimals, "," or ".".
    public var decimalMark: Character = "."

    public init() {}

    /// Spaces, which also part the groups of a telephone number.
    private static let spaces: Set<Character> = [" ", "\u{00A0}", "\u{202F}"]
    /// What stands between groups that are not one number. eSpeak (in Norwegian) joins "34 567"
    /// into "trettifire tusen …" but not "34  567", and two spaces are no punctuation to be named.
    static let groupBreak = "  "

    /// The run of digit groups at `start`: one number without its separators, or groups kept apart.
    func match(_ scanner: TextScanner, at start: Int) -> NormalizedRun? {
        guard !groupSeparators.isEmpty, startsNumber(scanner, at: start) else { return nil }
        let leadEnd = scanner.digitsEnd(from: start)
        if (1...3).contains(leadEnd - start), let separator = scanner[leadEnd], groupSeparators.contains(separator) {
            var digits = scanner.text(start, leadEnd)
            var cursor = leadEnd
            while scanner[cursor] == separator, scanner.digitsEnd(from: cursor + 1) - cursor - 1 == 3 {
                digits += scanner.text(cursor + 1, cursor + 4)
                cursor += 4
            }
            if cursor > leadEnd, let end = numberEnd(scanner, at: cursor, digits: &digits) {
                return NormalizedRun(end: end, spoken: digits)
            }
        }
        return keptApart(scanner, at: start)
    }

    /// Where the number ends, perhaps after decimals, which are added to `digits`; nil when what
    /// follows makes it something else.
    private func numberEnd(_ scanner: TextScanner, at index: Int, digits: inout String) -> Int? {
        var cursor = index
        if scanner[cursor] == decimalMark, scanner.isDigit(cursor + 1) {
            let decimalsEnd = scanner.digitsEnd(from: cursor + 1)
            digits += scanner.text(cursor, decimalsEnd)
            cursor = decimalsEnd
        }
        guard let next = scanner[cursor] else { return cursor }
        if next.isWordCharacter { return nil }
        // "192.168.100.1" or "1 000 0000" is not a grouped number.
        if groupSeparators.contains(next) || next == "." || next == ",", scanner.isDigit(cursor + 1) { return nil }
        return cursor
    }

    /// Two or more digit groups parted by single spaces, which are not one number: kept apart.
    private func keptApart(_ scanner: TextScanner, at start: Int) -> NormalizedRun? {
        var groups = [scanner.text(start, scanner.digitsEnd(from: start))]
        var cursor = scanner.digitsEnd(from: start)
        while let space = scanner[cursor], Self.spaces.contains(space), scanner.isDigit(cursor + 1) {
            let end = scanner.digitsEnd(from: cursor + 1)
            groups.append(scanner.text(cursor + 1, end))
            cursor = end
        }
        guard groups.count > 1 else { return NormalizedRun(end: cursor, spoken: groups[0]) }
        return NormalizedRun(end: cursor, spoken: groups.joined(separator: Self.groupBreak))
    }

    /// True when a number starts at `start`: a digit not inside a word or after another number's separator.
    private func startsNumber(_ scanner: TextScanner, at start: Int) -> Bool {
        guard scanner.isDigit(start), let before = scanner[start - 1] else { return scanner.isDigit(start) }
        if before.isWordCharacter { return false }
        if (before == "." || before == "," || before == ":" || before == "-" || before == "/"), scanner.isDigit(start - 2) { return false }
        return true
    }

    /// Reads `numbers:` over this rule.
    mutating func read(_ node: YAMLNode) {
        guard let entries = node.mapping() else { return }
        for (key, value) in entries {
            switch key {
            case "group_separators":
                guard let items = value.strings() else { continue }
                guard items.allSatisfy({ $0.count == 1 && !($0.first!.isNumber) }) else {
                    value.report("\(value.path) must list single characters that are not digits, such as \" \" or \",\".")
                    continue
                }
                groupSeparators = items.compactMap(\.first)
            case "decimal_mark":
                guard let text = value.string() else { continue }
                guard text.count == 1, let mark = text.first, !mark.isNumber else {
                    value.report("\(value.path) must be one character, \",\" or \".\", not \"\(text)\".")
                    continue
                }
                decimalMark = mark
            default:
                node.report(key: key, "\(value.path) is not part of numbers; the keys are group_separators and decimal_mark.")
            }
        }
    }
}
