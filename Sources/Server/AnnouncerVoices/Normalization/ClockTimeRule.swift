import Foundation

/// Clock times in words: "14:30", "9:05 PM", and "14.30" or "09" after a word for the clock
/// such as "klokken" (which "kl." has already become).
///
/// The numbers stay digits, because eSpeak says "14" and "30" well in every language; the
/// templates only say how hour and minute go together: "{hour} null {minute}" or "{hour} oh {minute}".
public struct ClockTimeRule: Sendable, Equatable {
    /// Words after which "14.30" is a time and "09" an hour, such as `klokken`.
    public var afterWords: [String] = []
    /// Hour and minute from 10 past: "{hour} {minute}". Without it the rule is off.
    public var time: SpokenTemplate?
    /// Hour and minute under 10, minute without its zero: "{hour} null {minute}"; left to eSpeak when not given.
    public var minuteUnderTen: SpokenTemplate?
    /// A full hour, "14:00"; left to eSpeak when not given.
    public var fullHour: SpokenTemplate?
    /// A full hour after one of `afterWords`; `fullHour` when not given.
    public var fullHourAfterWords: SpokenTemplate?
    /// A full hour from 13:00, when it is said otherwise ("fourteen hundred"); `fullHour` when not given.
    public var fullHourAfterNoon: SpokenTemplate?
    /// The word between the two times of a range such as "08.00–16.00": "til", "to".
    public var rangeWord: String?
    /// The written halves of the day ("pm", "p.m.") and their words, matched in any case.
    public var dayHalves: [String: String] = [:]

    public init() {}

    static let names = ["hour", "minute"]

    /// The clock time written at `start`, given the words spoken before it, or a range of two
    /// ("08.00–16.00", "kl. 8–16") with the range word between them.
    func match(_ scanner: TextScanner, at start: Int, after spoken: String) -> NormalizedRun? {
        // Not the end of "1.14:30" or "12:14:30"; "kl.14:30" is fine.
        guard time != nil, !scanner.isDigit(start - 1),
              !((scanner[start - 1] == ":" || scanner[start - 1] == ".") && scanner.isDigit(start - 2)) else { return nil }
        let afterClockWord = followsClockWord(spoken)
        if let first = single(scanner, at: start, dotAllowed: afterClockWord, afterClockWord: afterClockWord, bareHour: afterClockWord) {
            return range(scanner, from: first, afterClockWord: afterClockWord, dotOnly: false) ?? first.run
        }
        // "Åpent 08.00–16.00": two times with a dot, joined by a dash, are times without the clock word too.
        guard let first = single(scanner, at: start, dotAllowed: true, afterClockWord: false, bareHour: false), first.usedDot else { return nil }
        return range(scanner, from: first, afterClockWord: false, dotOnly: true)
    }

    /// `first`, a dash, and a second time of the same kind, with the range word for the dash,
    /// which eSpeak does not say: the listener would hear "eight sixteen".
    private func range(_ scanner: TextScanner, from first: Single, afterClockWord: Bool, dotOnly: Bool) -> NormalizedRun? {
        guard let rangeWord, !first.hasDayHalf else { return nil }
        var cursor = first.run.end
        while scanner[cursor] == " " { cursor += 1 }
        guard let dash = scanner[cursor], "-–—".contains(dash) else { return nil }
        cursor += 1
        while scanner[cursor] == " " { cursor += 1 }
        guard scanner.isDigit(cursor), let second = single(
            scanner, at: cursor, dotAllowed: afterClockWord || first.usedDot, afterClockWord: afterClockWord, bareHour: !first.isTime),
            first.isTime == second.isTime, !dotOnly || second.usedDot else { return nil }
        return NormalizedRun(end: second.run.end, spoken: "\(first.run.spoken) \(rangeWord) \(second.run.spoken)")
    }

    /// One time as recognized, and what kind it was.
    private struct Single {
        let run: NormalizedRun
        /// False for an hour alone.
        var isTime = true
        var hasDayHalf = false
        var usedDot = false
    }

    /// One time at `start`: hour and minute, with a colon or, when `dotAllowed`, a dot; or with `bareHour`, an hour alone.
    private func single(_ scanner: TextScanner, at start: Int, dotAllowed: Bool, afterClockWord: Bool, bareHour: Bool) -> Single? {
        guard let time else { return nil }
        let hourEnd = scanner.digitsEnd(from: start)
        guard (1...2).contains(hourEnd - start) else { return nil }
        let hour = scanner.number(start, hourEnd)
        guard hour <= 24 else { return nil }

        let separator = scanner[hourEnd]
        let minuteEnd = scanner.digitsEnd(from: hourEnd + 1)
        guard separator == ":" || (separator == "." && dotAllowed), minuteEnd - hourEnd == 3 else {
            // "9 am": an hour and a half of the day.
            if (1...12).contains(hour), separator.map({ !$0.isWordCharacter || $0.isWordLetter }) ?? false,
               let half = dayHalf(scanner, at: hourEnd) {
                return Single(run: NormalizedRun(end: half.end, spoken: "\(hour) \(half.spoken)"), hasDayHalf: true)
            }
            // "klokken 09" and "kl. 8–16": an hour alone, without its zero.
            guard bareHour, !(scanner[hourEnd].map { $0.isWordCharacter } ?? false),
                  !((scanner[hourEnd] == ":" || scanner[hourEnd] == ".") && scanner.isDigit(hourEnd + 1)) else { return nil }
            return Single(run: NormalizedRun(end: hourEnd, spoken: String(hour)), isTime: false)
        }
        let minute = scanner.number(hourEnd + 1, minuteEnd)
        guard minute <= 59, hour < 24 || minute == 0 else { return nil }
        // "14:30:15" and "1.30.2" are something else.
        if let next = scanner[minuteEnd], next.isWordLetter && dayHalf(scanner, at: minuteEnd) == nil || next.isNumber { return nil }
        if (scanner[minuteEnd] == ":" || scanner[minuteEnd] == "."), scanner.isDigit(minuteEnd + 1) { return nil }

        let half = dayHalf(scanner, at: minuteEnd)
        let values = ["hour": String(hour), "minute": String(minute)]
        let template: SpokenTemplate?
        if minute == 0 {
            if half != nil {
                template = SpokenTemplate("{hour}")
            } else if afterClockWord, let fullHourAfterWords {
                template = fullHourAfterWords
            } else if hour > 12, let fullHourAfterNoon {
                template = fullHourAfterNoon
            } else {
                template = fullHour
            }
        } else {
            template = minute < 10 ? minuteUnderTen : time
        }
        guard let words = template?.fill(values) else { return nil }
        let usedDot = separator == "."
        guard let half else { return Single(run: NormalizedRun(end: minuteEnd, spoken: words), usedDot: usedDot) }
        return Single(run: NormalizedRun(end: half.end, spoken: "\(words) \(half.spoken)"), hasDayHalf: true, usedDot: usedDot)
    }

    /// The half of the day written at `index`, after at most one space: " PM", "pm", " p.m.".
    private func dayHalf(_ scanner: TextScanner, at index: Int) -> NormalizedRun? {
        guard !dayHalves.isEmpty else { return nil }
        let start = scanner[index] == " " ? index + 1 : index
        for (written, spoken) in dayHalves.sorted(by: { $0.key.count > $1.key.count })
        where scanner.has(written, at: start, ignoringCase: true) {
            let end = start + written.count
            if let next = scanner[end], next.isWordCharacter { continue }
            // "at 2 p.m." at the end keeps its full stop as the end of the sentence.
            let stop = written.hasSuffix(".") && (scanner.endsAfter(end) || scanner.capitalFollows(end)) ? "." : ""
            return NormalizedRun(end: end, spoken: spoken + stop)
        }
        return nil
    }

    /// True when the last word spoken, before one space, is one of `afterWords`.
    private func followsClockWord(_ spoken: String) -> Bool {
        guard !afterWords.isEmpty, spoken.last == " " else { return false }
        // Only the end of what is spoken so far matters: look back, without splitting it all.
        let beforeSpace = spoken.index(before: spoken.endIndex)
        let wordStart = spoken[..<beforeSpace].lastIndex(where: { !$0.isWordLetter }).map { spoken.index(after: $0) } ?? spoken.startIndex
        let lastWord = spoken[wordStart..<beforeSpace]
        return afterWords.contains { $0.compare(lastWord, options: .caseInsensitive) == .orderedSame }
    }

    /// Reads `clock_times:` over this rule.
    mutating func read(_ node: YAMLNode) {
        guard let entries = node.mapping() else { return }
        for (key, value) in entries {
            switch key {
            case "after_words": value.strings().map { afterWords = $0 }
            case "time": SpokenTemplate.read(value, names: Self.names).map { time = $0 }
            case "minute_under_ten": SpokenTemplate.read(value, names: Self.names).map { minuteUnderTen = $0 }
            case "full_hour": SpokenTemplate.read(value, names: Self.names).map { fullHour = $0 }
            case "full_hour_after_words": SpokenTemplate.read(value, names: Self.names).map { fullHourAfterWords = $0 }
            case "full_hour_after_noon": SpokenTemplate.read(value, names: Self.names).map { fullHourAfterNoon = $0 }
            case "range_word": value.string().map { rangeWord = $0 }
            case "day_halves":
                value.stringTable().map { for (written, spoken, _) in $0 { dayHalves[written] = spoken } }
            default:
                node.report(key: key, "\(value.path) is not part of clock_times; the keys are after_words, time, minute_under_ten, full_hour, full_hour_after_words, full_hour_after_noon, range_word, day_halves.")
            }
        }
    }
}
