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
        case let .unknownLanguage(code, available):
            "The language \"\(code)\" is not available; use one of \(available.sorted().map(\.rawValue).joined(separator: ", "))."
        case let .unknownPoliteness(word):
            "The politeness \"\(word)\" is not known; use off, polite or assertive."
        }
    }
}
