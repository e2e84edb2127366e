public import AnnouncerCore
import Foundation

/// Turns one line read by `announce pipe` into an announcement's politeness and text.
///
/// A line may begin with `assertive: `, `polite: ` or `off: ` to choose its own politeness;
/// otherwise a line matching the assertive pattern (case-insensitive) is assertive, and
/// any other line takes the default. Blank lines are not announcements.
public struct PipeLineInterpreter: Sendable {
    public var defaultPoliteness: Politeness
    public var assertivePattern: String?
    // Regex is not Sendable, but this one is never changed after init, and the program it compiles on first use is stored atomically.
    nonisolated(unsafe) private let assertiveRegex: Regex<AnyRegexOutput>?

    /// Throws a plain sentence when the pattern is not a valid regular expression.
    public init(defaultPoliteness: Politeness, assertivePattern: String? = nil) throws(PipeLineError) {
        self.defaultPoliteness = defaultPoliteness
        self.assertivePattern = assertivePattern
        if let assertivePattern {
            do {
                assertiveRegex = try Regex(assertivePattern).ignoresCase()
            } catch {
                throw .invalidPattern(assertivePattern)
            }
        } else {
            assertiveRegex = nil
        }
    }

    /// The politeness and text of `line`, or nil for a line with nothing to say.
    public func interpret(_ line: String) -> (politeness: Politeness, text: String)? {
        for politeness in Politeness.allCases {
            let prefix = politeness.rawValue + ":"
            if line.hasPrefix(prefix) {
                let text = line.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
                return text.isEmpty ? nil : (politeness, text)
            }
        }
        let text = line.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        if let assertiveRegex, (try? assertiveRegex.firstMatch(in: text)) != nil {
            return (.assertive, text)
        }
        return (defaultPoliteness, text)
    }
}

/// Why a pipe could not be set up.
public enum PipeLineError: Error, Equatable, CustomStringConvertible {
    case invalidPattern(String)

    public var description: String {
        switch self {
        case let .invalidPattern(pattern):
            "The pattern \"\(pattern)\" given to --assertive-match is not a valid regular expression."
        }
    }
}
