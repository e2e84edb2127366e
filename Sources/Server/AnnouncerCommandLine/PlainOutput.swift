import Foundation

/// Writes the lines a command prints for people. When the reader of standard output has gone away
/// (`announce demo | head`), the command ends quietly with the status a shell gives a broken pipe,
/// as any Unix tool does, instead of crashing with a backtrace.
public enum PlainOutput {
    /// Text to standard output as it is, with a newline.
    public static func line(_ text: String) {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data((text + "\n").utf8))
        } catch {
            exit(128 + SIGPIPE)
        }
    }

    /// A message for people on standard error, each of its lines fitted to 80 cells; if nobody reads
    /// it, it is dropped.
    public static func error(_ text: String) {
        let fitted = text.split(separator: "\n", omittingEmptySubsequences: false).map { PlainLineWrapper.fitted(String($0)) }
        try? FileHandle.standardError.write(contentsOf: Data((fitted.joined(separator: "\n") + "\n").utf8))
    }
}
