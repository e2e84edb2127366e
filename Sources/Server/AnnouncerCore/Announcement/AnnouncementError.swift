/// Why an announcement could not be made from what a client gave, in words a person can act on.
public enum AnnouncementError: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyText
    case outOfRange(name: String, value: Int, range: ClosedRange<Int>, unit: String)
    /// The code as given, and the languages the server can speak.
    case unknownLanguage(String, available: [Language])
    case unknownPoliteness(String)

    public var description: String {
        switch self {
        case .emptyText:
            "The announcement has no text to speak; give it at least one word."
        case let .outOfRange(name, value, range, unit):
            "The \(name) \(value) is out of range; use a value from \(range.lowerBound) to \(range.upperBound)\(unit)."
        case let .unknownLanguage(code, available) where available.count <= 12:
            "The language \"\(code)\" is not available; use one of \(available.sorted().map(\.rawValue).joined(separator: ", "))."
        case let .unknownLanguage(code, available):
            Self.closeMatches(to: code, among: available).isEmpty
                ? "The language \"\(code)\" is not available; announce voices lists the \(available.count) that are."
                : "The language \"\(code)\" is not available; close ones are \(Self.closeMatches(to: code, among: available).map(\.rawValue).joined(separator: ", ")), and announce voices lists all \(available.count)."
        case let .unknownPoliteness(word):
            "The politeness \"\(word)\" is not known; use off, polite or assertive."
        }
    }

    /// The available languages whose codes are one letter away from the code's first subtag, in code order.
    public static func closeMatches(to code: String, among available: [Language]) -> [Language] {
        let wanted = Array(code.lowercased().prefix { $0.isLetter })
        return available.filter { language in
            let candidate = Array(language.rawValue)
            if candidate.count == wanted.count { return zip(candidate, wanted).count { $0 != $1 } <= 1 }
            let (shorter, longer) = candidate.count < wanted.count ? (candidate, wanted) : (wanted, candidate)
            guard longer.count == shorter.count + 1 else { return false }
            return (0...shorter.count).contains { Array(longer[..<$0] + longer[($0 + 1)...]) == shorter }
        }.sorted()
    }
}
