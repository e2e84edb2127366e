import Glibc

/// Where a command reads its standard input: the process's, unless a test runs a command in its own
/// process with input of its own (`StandardInput.$descriptor.withValue(pipe) { … }`).
public enum StandardInput {
    /// The descriptor read as standard input. A task-local value: a thread a command starts does not
    /// see a test's descriptor, so what reads on another thread takes it first (as `StandardInputLines`
    /// does when it is made).
    @TaskLocal public static var descriptor: Int32 = STDIN_FILENO
}
