/// How a language spells text character by character: "capital A", "at sign"; "stor A", "krøllalfa".
public struct SpellingTable: Sendable, Equatable {
    /// The spoken names of characters that are not plain letters or digits, such as `@` or a space.
    public var characterNames: [Character: String] = [:]

    public init() {}

    /// `text` as eSpeak should read it when spelled.
    public func spell(_ text: String) -> String {
        text
    }

    /// Reads a `spelling:` section over this one.
    mutating func read(_ node: ProfileNode) {
        _ = node.mapping()
    }
}
