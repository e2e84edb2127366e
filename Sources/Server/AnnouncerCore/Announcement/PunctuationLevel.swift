/// How much punctuation is read aloud, as screen readers offer it.
public enum PunctuationLevel: String, Sendable, Hashable, Codable, CaseIterable {
    /// No punctuation or symbol is named; it only shapes the pauses.
    case none
    /// Symbols that carry meaning, such as @, #, % and /, are named; sentence punctuation is not.
    case some
    /// Every punctuation mark and symbol is named.
    case all

    /// The words accepted in requests, for error messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
