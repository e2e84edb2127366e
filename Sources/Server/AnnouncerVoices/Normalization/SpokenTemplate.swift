/// A pattern for spoken text from a profile, such as `"{hour} null {minute}"`, with the names it may use.
public struct SpokenTemplate: Sendable, Equatable {
    public let pattern: String
    /// The pattern cut once into text and `{name}` parts, so filling it is only joining.
    private let parts: [(isName: Bool, text: String)]

    public init(_ pattern: String) {
        self.pattern = pattern
        var parts: [(Bool, String)] = []
        var rest = pattern[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { parts.append((false, String(rest[..<open]))) }
            parts.append((true, String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append((false, String(rest))) }
        self.parts = parts
    }

    public static func == (left: SpokenTemplate, right: SpokenTemplate) -> Bool { left.pattern == right.pattern }

    /// The pattern with each `{name}` replaced by its value, and runs of spaces made one.
    func fill(_ values: [String: String]) -> String {
        var result = ""
        for part in parts {
            let text = part.isName ? values[part.text] ?? "" : part.text
            for character in text where character != " " || (result.last.map { $0 != " " } ?? false) {
                result.append(character)
            }
        }
        if result.last == " " { result.removeLast() }
        return result
    }

    /// Reads a template from `node`, reporting any `{name}` that is not one of `names`.
    static func read(_ node: YAMLNode, names: [String]) -> SpokenTemplate? {
        guard let pattern = node.string() else { return nil }
        var rest = pattern[...]
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else {
                node.report("\(node.path) opens { without closing it; write a name in braces, such as {\(names[0])}.")
                return nil
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard names.contains(name) else {
                node.report("\(node.path) uses {\(name)}, which is not known here; use \(names.map { "{\($0)}" }.joined(separator: ", ")).")
                return nil
            }
            rest = rest[rest.index(after: close)...]
        }
        return SpokenTemplate(pattern)
    }
}
