/// Dates in words: numeric dates in the language's order ("21.11.2026", "11/21/2026"), ISO dates
/// ("2026-11-21"), and a day beside a month name ("21 November 2026", "November 21").
///
/// A date that cannot be (day 32, month 13, 29 February in a common year) is left as written.
/// The day and year stay digits, because eSpeak reads "21." and "2026" well; the month becomes its name.
public struct DateRule: Sendable, Equatable {
    /// Which number comes first in a numeric date that is not ISO.
    public enum Order: String, Sendable, CaseIterable {
        case dayMonthYear = "day_month_year"
        case monthDayYear = "month_day_year"
    }

    public var order: Order = .dayMonthYear
    /// The characters between day, month and year in a numeric date, such as "." or "/".
    public var separators: [Character] = []
    /// The twelve month names, January first, as the listener should hear them.
    public var months: [String] = [] {
        didSet { capitalizedMonths = months.map { $0.prefix(1).uppercased() + $0.dropFirst() } }
    }
    /// The month names with a capital first letter, as at the start of a sentence, made once.
    private var capitalizedMonths: [String] = []
    /// A whole date: "{day}. {month} {year}" or "{month} {ordinal} {year}".
    public var say = SpokenTemplate("{day} {month} {year}")
    /// A date without its year, as "21 November" is written: "{day}. {month}".
    public var sayWithoutYear = SpokenTemplate("{day} {month}")
    /// The endings that make an ordinal of a day, by its last two digits or its last digit
    /// ("1": st, "11": th), with `other` for the rest; `{ordinal}` is the day with its ending.
    public var ordinalEndings: [String: String] = [:]

    public init() {}

    static let names = ["day", "ordinal", "month", "year"]

    /// The numeric or ISO date written at `start`.
    func matchNumeric(_ scanner: TextScanner, at start: Int) -> NormalizedRun? {
        guard months.count == 12, !scanner.isDigit(start - 1), !(scanner[start - 1].map { ".-/".contains($0) } ?? false) else { return nil }
        let firstEnd = scanner.digitsEnd(from: start)
        guard let separator = scanner[firstEnd] else { return nil }
        let secondEnd = scanner.digitsEnd(from: firstEnd + 1)
        guard secondEnd > firstEnd + 1, scanner[secondEnd] == separator else { return nil }
        let thirdEnd = scanner.digitsEnd(from: secondEnd + 1)
        if thirdEnd == secondEnd + 1 { return dayAndMonth(scanner, start: start, firstEnd: firstEnd, secondEnd: secondEnd) }
        let lengths = (firstEnd - start, secondEnd - firstEnd - 1, thirdEnd - secondEnd - 1)
        // "21.11.2026." may end a sentence, but "1.2.2026.4" is something else.
        if let next = scanner[thirdEnd], next.isWordCharacter || ".-/".contains(next) && scanner.isDigit(thirdEnd + 1) { return nil }

        let first = scanner.number(start, firstEnd)
        let second = scanner.number(firstEnd + 1, secondEnd)
        let third = scanner.number(secondEnd + 1, thirdEnd)
        let day, month, year: Int
        if separator == "-", lengths == (4, 2, 2) {
            (year, month, day) = (first, second, third)
        } else if separators.contains(separator), (1...2).contains(lengths.0), (1...2).contains(lengths.1), lengths.2 == 4 {
            switch order {
            case .dayMonthYear: (day, month, year) = (first, second, third)
            case .monthDayYear: (month, day, year) = (first, second, third)
            }
        } else {
            return nil
        }
        guard let spoken = spoken(day: day, month: month, year: year) else { return nil }
        return NormalizedRun(end: thirdEnd, spoken: spoken)
    }

    /// "3.4.", a day and a month closed by a full stop as Bokmål writes a date without its year
    /// ("3.4. kl. 9" is the third of April), in a language whose numeric dates are day first with ".".
    /// The full stop stays when the text ends there or a capital follows, so it still ends a sentence.
    private func dayAndMonth(_ scanner: TextScanner, start: Int, firstEnd: Int, secondEnd: Int) -> NormalizedRun? {
        guard order == .dayMonthYear, scanner[secondEnd] == ".", separators.contains("."),
              (1...2).contains(firstEnd - start), (1...2).contains(secondEnd - firstEnd - 1) else { return nil }
        let next = scanner[secondEnd + 1]
        if let next, next.isWordCharacter || next == "." { return nil }
        guard let spoken = spoken(day: scanner.number(start, firstEnd), month: scanner.number(firstEnd + 1, secondEnd), year: nil) else { return nil }
        let endsSentence = next == nil || next == " " && (scanner[secondEnd + 2]?.isUppercase ?? true)
        return NormalizedRun(end: endsSentence ? secondEnd : secondEnd + 1, spoken: spoken)
    }

    /// "21 November 2026", "21. november", or, in a language whose dates start with the month,
    /// "November 21, 2026" and "November 21st".
    func matchNamed(_ scanner: TextScanner, at start: Int) -> NormalizedRun? {
        guard months.count == 12 else { return nil }
        if scanner.isDigit(start) {
            guard !scanner.isDigit(start - 1) else { return nil }
            let dayEnd = scanner.digitsEnd(from: start)
            guard (1...2).contains(dayEnd - start) else { return nil }
            var cursor = dayEnd
            if scanner[cursor] == "." { cursor += 1 }
            guard scanner[cursor] == " " else { return nil }
            guard let (month, monthEnd) = monthName(scanner, at: cursor + 1) else { return nil }
            return finish(scanner, day: scanner.number(start, dayEnd), month: month, after: monthEnd)
        }
        guard order == .monthDayYear, let (month, monthEnd) = monthName(scanner, at: start), scanner[monthEnd] == " " else { return nil }
        let dayEnd = scanner.digitsEnd(from: monthEnd + 1)
        guard (1...2).contains(dayEnd - monthEnd - 1) else { return nil }
        var cursor = dayEnd
        // "21st" as written gives way to the ordinal from the table.
        let writtenOrdinal = ordinalEndings.values.first(where: { !$0.isEmpty && scanner.has($0, at: dayEnd, ignoringCase: true) })
        if let writtenOrdinal { cursor += writtenOrdinal.count }
        if let next = scanner[cursor], next.isWordCharacter { return nil }
        // "May 2 users share a phone" is no date: a month that is also a word, then a number and a
        // word, is left alone unless a year or a written ordinal says it is a date.
        if writtenOrdinal == nil, scanner[cursor] == " ", let word = scanner[cursor + 1], word.isWordLetter { return nil }
        if scanner[cursor] == ",", scanner[cursor + 1] == " ", scanner.isDigit(cursor + 2) { cursor += 1 }
        return finish(scanner, day: scanner.number(monthEnd + 1, dayEnd), month: month, after: cursor)
    }

    /// The date after its day and month, with the year that follows, if any.
    private func finish(_ scanner: TextScanner, day: Int, month: Int, after index: Int) -> NormalizedRun? {
        if scanner[index] == " ", scanner.isDigit(index + 1) {
            let yearEnd = scanner.digitsEnd(from: index + 1)
            if yearEnd - index - 1 == 4, !(scanner[yearEnd].map { $0.isWordLetter || $0.isNumber } ?? false),
               let spoken = spoken(day: day, month: month, year: scanner.number(index + 1, yearEnd)) {
                return NormalizedRun(end: yearEnd, spoken: spoken)
            }
        }
        if let next = scanner[index], next.isWordCharacter { return nil }
        guard let spoken = spoken(day: day, month: month, year: nil) else { return nil }
        return NormalizedRun(end: index, spoken: spoken)
    }

    /// The month whose name is written at `index`: as in the table, or with a capital first letter.
    private func monthName(_ scanner: TextScanner, at index: Int) -> (Int, Int)? {
        guard let first = scanner[index], first.isWordLetter else { return nil }
        for (number, name) in months.enumerated() {
            guard scanner.has(name, at: index) || scanner.has(capitalizedMonths[number], at: index) else { continue }
            let end = index + name.count
            if let next = scanner[end], next.isWordLetter { continue }
            return (number + 1, end)
        }
        return nil
    }

    /// The words for a date, or nil when there is no such day.
    func spoken(day: Int, month: Int, year: Int?) -> String? {
        guard (1...12).contains(month), day >= 1, day <= Self.days(in: month, of: year) else { return nil }
        var values = ["day": String(day), "ordinal": ordinal(day), "month": months[month - 1]]
        guard let year else { return sayWithoutYear.fill(values) }
        values["year"] = String(year)
        return say.fill(values)
    }

    private func ordinal(_ day: Int) -> String {
        String(day) + (ordinalEndings[String(day % 100)] ?? ordinalEndings[String(day % 10)] ?? ordinalEndings["other"] ?? "")
    }

    private static func days(in month: Int, of year: Int?) -> Int {
        switch month {
        case 2:
            guard let year else { return 29 }
            return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Reads `dates:` over this rule.
    mutating func read(_ node: YAMLNode) {
        guard let entries = node.mapping() else { return }
        for (key, value) in entries {
            switch key {
            case "order":
                guard let text = value.string() else { continue }
                guard let read = Order(rawValue: text) else {
                    value.report("\(value.path) is \"\(text)\"; use \(Order.allCases.map(\.rawValue).joined(separator: " or ")).")
                    continue
                }
                order = read
            case "separators":
                guard let items = value.strings() else { continue }
                guard items.allSatisfy({ $0.count == 1 }) else {
                    value.report("\(value.path) must list single characters, such as \".\" or \"/\".")
                    continue
                }
                separators = items.compactMap(\.first)
            case "months":
                guard let names = value.strings() else { continue }
                guard names.count == 12 else {
                    value.report("\(value.path) must list the 12 months, January first, not \(names.count).")
                    continue
                }
                months = names
            case "say": SpokenTemplate.read(value, names: Self.names).map { say = $0 }
            case "say_without_year": SpokenTemplate.read(value, names: Self.names).map { sayWithoutYear = $0 }
            case "ordinal_endings":
                value.stringTable().map { for (digits, ending, _) in $0 { ordinalEndings[digits] = ending } }
            default:
                node.report(key: key, "\(value.path) is not part of dates; the keys are order, separators, months, say, say_without_year, ordinal_endings.")
            }
        }
    }
}
