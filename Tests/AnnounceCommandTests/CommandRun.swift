import AnnounceCommands
import AnnouncerCommandLine
import ArgumentParser

/// One `announce` command line run in the test's own process, as the program would run it, with what
/// it wrote kept in memory.
struct CommandRun {
    /// What the command wrote to standard output and standard error.
    let output: CapturedOutput
    /// What the command threw, as announce's `main` would turn it into an exit status and sentence;
    /// nil when it ran to its end.
    let error: (any Error)?

    /// The status the program would exit with.
    var status: Int32 { error.map { Announce.exitCode(for: $0).rawValue } ?? 0 }
    /// The sentence the program would print for the error, as announce's `main` gives it.
    var errorMessage: String { error.map { Announce.message(for: $0) } ?? "" }

    /// Parses `arguments` (without the program's name) as announce does, and runs the command they
    /// name, its output captured. The command runs on the calling thread until it ends. It leaves the
    /// test process's signals alone: SIGINT and SIGTERM are the test runner's.
    static func run(_ arguments: [String]) -> CommandRun {
        let output = CapturedOutput()
        let error: (any Error)? = TerminationSignals.$ownedByCommand.withValue(false) { PlainOutput.$destination.withValue(output) {
            do {
                var command = try Announce.parseAsRoot(arguments)
                try command.run()
                return nil
            } catch {
                return error
            }
        } }
        return CommandRun(output: output, error: error)
    }
}
