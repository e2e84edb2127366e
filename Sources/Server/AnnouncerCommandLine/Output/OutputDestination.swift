/// Where a command's output and its messages for people go: the process's standard output and
/// error (`StandardOutputDestination`), or memory, for a test (`CapturedOutput`).
public protocol OutputDestination: Sendable {
    /// Text for standard output, as it is.
    func writeOutput(_ text: String)
    /// Text for standard error, as it is.
    func writeError(_ text: String)
}
