import Yams

/// One YAML file being read: its root node, and every problem found in it so far, each with its line.
public final class YAMLDocument {
    /// The file, as named in problems.
    public let file: String
    /// The top node; nil when the file could not be parsed or is empty (a problem says which).
    public let root: YAMLNode?
    private let collector: ProblemCollector

    /// Parses `text`; a syntax error becomes a problem with its line, and `root` is then nil. So does a
    /// text beyond `limits`, found before anything is built from it.
    public init(yaml text: String, file: String, limits: YAMLLimits) {
        self.file = file
        collector = ProblemCollector(file: file)
        if text.utf8.count > limits.maxBytes {
            root = nil
            collector.add(line: nil, message: limits.tooLarge(bytes: text.utf8.count))
            return
        }
        if let (line, message) = YAMLExpansionCheck.problem(in: text, limits: limits) {
            root = nil
            collector.add(line: line, message: message)
            return
        }
        do {
            // The basic resolver tags every plain scalar a string: YAMLNode reads numbers and booleans from the
            // text itself, and the default resolver's regular expressions, run on every key to find duplicates,
            // were half of a server's start.
            if let node = try Yams.compose(yaml: text, .basic) {
                root = YAMLNode(node: node, path: "", problems: collector)
            } else {
                root = nil
                collector.add(line: nil, message: "The file is empty.")
            }
        } catch let error as YamlError {
            root = nil
            let (line, message) = Self.describe(error)
            collector.add(line: line, message: message)
        } catch {
            root = nil
            collector.add(line: nil, message: "The file is not valid YAML.")
        }
    }

    /// Reads the file at `path` and parses it; a file that cannot be read, or is larger than `limits`
    /// allow, is a problem, and no more of it than the limit is read.
    public convenience init(contentsOf path: String, limits: YAMLLimits) {
        switch LimitedFileRead.text(of: path, limits: limits) {
        case let .text(text): self.init(yaml: text, file: path, limits: limits)
        case let .problem(problem): self.init(unreadable: problem)
        }
    }

    private init(unreadable problem: FileProblem) {
        file = problem.file
        root = nil
        collector = ProblemCollector(file: problem.file)
        collector.add(line: problem.line, message: problem.message)
    }

    /// Every problem found while parsing and reading the nodes, in the order found.
    public var problems: [FileProblem] { collector.problems }

    private static func describe(_ error: YamlError) -> (Int?, String) {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            (mark.line, "The YAML cannot be read: \(problem).")
        case let .duplicatedKeysInMapping(duplicates, context):
            (context.mark.line, "The key \(duplicates.map { "\"\($0)\"" }.joined(separator: ", ")) is given twice in one mapping.")
        default:
            (nil, "The YAML cannot be read.")
        }
    }
}
