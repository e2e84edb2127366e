import AnnouncerCore

/// Which punctuation marks and symbols a language names at each punctuation level, and how.
public struct PunctuationTable: Sendable, Equatable {
    public init() {}

    /// `text` with punctuation named to `level`, using the names in `spelling`; phoneme runs are left alone.
    public func apply(to text: String, level: PunctuationLevel, spelling: SpellingTable) -> String {
        text
    }

    /// Reads a `punctuation:` section over this one.
    mutating func read(_ node: ProfileNode) {
        _ = node.mapping()
    }
}
