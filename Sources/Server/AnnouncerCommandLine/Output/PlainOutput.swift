import Foundation

/// Writes the lines a command prints for people. When the reader of standard output has gone away
/// (`announce demo | head`), the command ends quietly with the status a shell gives a broken pipe,
/// as any Unix tool does, instead of crashing with a backtrace.
public enum PlainOutput {
    /// Where the lines go: the process's standard output and error, unless a test runs a command in
    /// its own process with a destination of its own (`PlainOutput.$destination.withValue(captured) { … }`).
    /// A task-local value: a thread a command starts does not see a test's destination, so a command
    /// whose output comes from another thread reads `destination` first and hands it on.
    @TaskLocal public static var destination: any OutputDestination = StandardOutputDestination()

    /// Text to standard output as it is, with a newline.
    public static func line(_ text: String) {
        destination.writeOutput(text + "\n")
    }

    /// A message for people on standard error, each of its lines fitted to 80 cells; if nobody reads
    /// it, it is dropped.
    public static func error(_ text: String) {
        destination.writeError(fitted(text) + "\n")
    }

    /// Each line of `text` fitted to 80 cells.
    static func fitted(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { PlainLineWrapper.fitted(String($0)) }.joined(separator: "\n")
    }
}
