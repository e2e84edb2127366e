import Synchronization

/// What a command run in a test's own process wrote, kept in memory: its standard output and its
/// standard error, each as the text written and as lines.
public final class CapturedOutput: OutputDestination {
    private let written = Mutex((output: "", error: ""))

    public init() {}

    public func writeOutput(_ text: String) {
        written.withLock { $0.output += text }
    }

    public func writeError(_ text: String) {
        written.withLock { $0.error += text }
    }

    /// Everything written to standard output so far.
    public var output: String { written.withLock { $0.output } }
    /// Everything written to standard error so far.
    public var error: String { written.withLock { $0.error } }
    /// Standard output's lines, the last one's newline not making an empty line.
    public var outputLines: [String] { Self.lines(of: output) }
    /// Standard error's lines, the last one's newline not making an empty line.
    public var errorLines: [String] { Self.lines(of: error) }

    static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
