import Yams

/// A YAML node of a voice profile or a flow, with its place in the file, read into Swift values;
/// every mismatch becomes a `FileProblem` naming the line and the key path.
public struct YAMLNode {
    let node: Node
    /// Where this node sits, such as `lexicon.WCAG`, for messages.
    public let path: String
    let problems: ProblemCollector

    init(node: Node, path: String, problems: ProblemCollector) {
        self.node = node
        self.path = path
        self.problems = problems
    }

    /// Whether the node is a single value, a mapping or a list.
    public enum Shape: Sendable { case scalar, mapping, sequence, alias }

    public var shape: Shape {
        switch node {
        case .scalar: .scalar
        case .mapping: .mapping
        case .sequence: .sequence
        case .alias: .alias
        }
    }

    /// The 1-based line the node starts on.
    public var line: Int? { node.mark?.line }

    /// Records a problem at this node, as one sentence.
    public func report(_ message: String) {
        problems.add(line: line, message: message)
    }

    /// True for `null`, `~` or nothing, written without quotes: how a later file removes an entry.
    public var isNull: Bool {
        guard case let .scalar(scalar) = node, scalar.style == .plain else { return false }
        return scalar.string == "~" || scalar.string == "null" || scalar.string.isEmpty
    }

    /// The node as text; a number or word written without quotes counts as text too.
    public func string() -> String? {
        guard case let .scalar(scalar) = node else {
            report("\(path) must be text, not \(kind).")
            return nil
        }
        return scalar.string
    }

    /// The node as a whole number within `range`.
    public func integer(in range: ClosedRange<Int>) -> Int? {
        guard case let .scalar(scalar) = node, let value = Int(scalar.string) else {
            report("\(path) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(shown).")
            return nil
        }
        guard range.contains(value) else {
            report("\(path) is \(value); use a whole number from \(range.lowerBound) to \(range.upperBound).")
            return nil
        }
        return value
    }

    /// The node as true or false.
    public func bool() -> Bool? {
        guard case let .scalar(scalar) = node, let value = Bool(scalar.string.lowercased()) else {
            report("\(path) must be true or false, not \(shown).")
            return nil
        }
        return value
    }

    /// The entries of a mapping, in file order, with text keys.
    public func mapping() -> [(key: String, value: YAMLNode)]? {
        guard case let .mapping(mapping) = node else {
            report("\(path) must be a mapping of names to values, not \(kind).")
            return nil
        }
        return mapping.compactMap { key, value in
            guard case let .scalar(scalar) = key else {
                YAMLNode(node: key, path: path, problems: problems).report("A key in \(path) must be text.")
                return nil
            }
            let childPath = path.isEmpty ? scalar.string : "\(path).\(scalar.string)"
            return (scalar.string, YAMLNode(node: value, path: childPath, problems: problems))
        }
    }

    /// The items of a sequence.
    public func sequence() -> [YAMLNode]? {
        guard case let .sequence(sequence) = node else {
            report("\(path) must be a list, not \(kind).")
            return nil
        }
        return sequence.enumerated().map { index, item in
            YAMLNode(node: item, path: "\(path)[\(index + 1)]", problems: problems)
        }
    }

    /// A mapping of text to text, such as a lexicon or a table of abbreviations.
    public func stringTable() -> [(key: String, value: String, line: Int?)]? {
        mapping()?.compactMap { key, value in value.string().map { (key, $0, value.line) } }
    }

    /// A list of text items.
    public func strings() -> [String]? {
        sequence()?.compactMap { $0.string() }
    }

    var kind: String {
        switch node {
        case .scalar: "a single value"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    private var shown: String {
        if case let .scalar(scalar) = node { "\"\(scalar.string.prefix(40))\"" } else { kind }
    }
}

/// Gathers the problems found while reading one file.
final class ProblemCollector {
    let file: String
    private(set) var problems: [FileProblem] = []

    init(file: String) { self.file = file }

    func add(line: Int?, message: String) {
        problems.append(FileProblem(file: file, line: line, message: message))
    }
}
