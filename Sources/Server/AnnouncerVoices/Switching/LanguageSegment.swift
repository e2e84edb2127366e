public import AnnouncerCore

/// A stretch of an announcement's text and the language it is spoken in.
public struct LanguageSegment: Sendable, Hashable, CustomStringConvertible {
    public var text: String
    public var language: Language

    public init(_ text: String, _ language: Language) {
        self.text = text
        self.language = language
    }

    public var description: String { "\(language): \(text)" }
}
