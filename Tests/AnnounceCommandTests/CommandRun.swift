import AnnounceCommands
import AnnouncerCommandLine
import ArgumentParser
import Foundation

/// One `announce` command line run in the test's own process, as the program would run it, with what
/// it wrote kept in memory.
struct CommandRun {
    /// The command line, without the program's name.
    let arguments: [String]
    /// What the command wrote to standard output and standard error.
    let output: CapturedOutput
    /// What the command threw, as announce's `main` would turn it into an exit status and sentence;
    /// nil when it ran to its end.
    let error: (any Error)?

    /// The status the program would exit with.
    var status: Int32 { error.map { Announce.exitCode(for: $0).rawValue } ?? 0 }
    /// The sentence the program would print for the error, as announce's `main` gives it.
    var errorMessage: String { error.map { Announce.message(for: $0) } ?? "" }
    /// The lines announce's `main` prints for a command or option it does not know and a right name
    /// near it; nil when it would print the parser's own message.
    var hintedError: [String]? { error.flatMap { Announce.hintedError(for: $0, arguments: arguments) } }
    /// The lines announce's `main` prints on standard error for the error, each fitted to 80 cells as
    /// there: the hint for a name it does not know, else the parser's full message. None when the
    /// command succeeded or only asked for help or the version, which go to standard output.
    var printedError: [String] {
        guard let error, status != 0 else { return [] }
        if let hinted = hintedError { return hinted }
        let fitted = Announce.fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false)
            .map { PlainLineWrapper.fitted(String($0)) }.joined(separator: "\n")
        return fitted.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Parses `arguments` (without the program's name) as announce does, and runs the command they
    /// name, its output captured. The command reads `input` as its standard input: a pipe the test
    /// writes into, or, when none is given, one that is empty. The command runs on the calling thread
    /// until it ends. It leaves the test process's signals alone: SIGINT and SIGTERM are the test runner's.
    static func run(_ arguments: [String], input: CommandInput = .empty, output: CapturedOutput = CapturedOutput()) -> CommandRun {
        let error: (any Error)? = TerminationSignals.$ownedByCommand.withValue(false) { PlainOutput.$destination.withValue(output) {
            StandardInput.$descriptor.withValue(input.descriptor) {
                do {
                    var command = try Announce.parseAsRoot(arguments)
                    try command.run()
                    return nil
                } catch {
                    return error
                }
            }
        } }
        return CommandRun(arguments: arguments, output: output, error: error)
    }

    /// Runs `arguments` with `text` as all of its standard input, as `printf TEXT | announce …` does.
    static func run(_ arguments: [String], input text: String, output: CapturedOutput = CapturedOutput()) -> CommandRun {
        run(arguments, input: Array(text.utf8), output: output)
    }

    /// Runs `arguments` with `bytes` as all of its standard input, whatever they are.
    static func run(_ arguments: [String], input bytes: [UInt8], output: CapturedOutput = CapturedOutput()) -> CommandRun {
        let input = CommandInput()
        // Written from a thread of its own, so that input longer than a pipe holds cannot block the test.
        Thread.detachNewThread {
            input.send(bytes)
            input.close()
        }
        let finished = run(arguments, input: input, output: output)
        // What the command left unread is read here, so that the writing thread ends.
        input.drain()
        return finished
    }

    /// Parses `arguments` as announce does and stops there, as it does for --version, --help or a
    /// command line it refuses; what it would have run is not run, so it starts nothing. The error is
    /// the parser's, or nil when the command line was one announce would run.
    static func parse(_ arguments: [String]) -> CommandRun {
        let output = CapturedOutput()
        let error: (any Error)? = PlainOutput.$destination.withValue(output) {
            do {
                _ = try Announce.parseAsRoot(arguments)
                return nil
            } catch {
                return error
            }
        }
        return CommandRun(arguments: arguments, output: output, error: error)
    }
}

/// Standard input for a command run in the test's process: a real pipe, which the test writes into
/// while the command reads, and closes to end the input.
final class CommandInput: @unchecked Sendable {
    // Unchecked: Pipe's handles are used by one thread at a time, the writer's by the test alone.
    private let pipe = Pipe()

    /// Input that ends at once.
    static var empty: CommandInput {
        let input = CommandInput()
        input.close()
        return input
    }

    /// The descriptor the command reads.
    var descriptor: Int32 { pipe.fileHandleForReading.fileDescriptor }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) { pipe.fileHandleForWriting.write(Data(bytes)) }

    /// Ends the input: the command reads its end once it has read what was sent.
    func close() { try? pipe.fileHandleForWriting.close() }

    /// Reads and drops what the command did not read, up to the end of the input.
    func drain() { _ = try? pipe.fileHandleForReading.readToEnd() }
}

/// A command run on a thread of its own, for a test that feeds it or watches it while it runs.
final class RunningCommand: @unchecked Sendable {
    // Unchecked: `result` is written before `finished` is signalled and read only after it is waited for.
    private var result: CommandRun?
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `command` (a `CommandRun.run`) on a new thread.
    init(_ command: @escaping @Sendable () -> CommandRun) {
        Thread.detachNewThread { [self] in
            result = command()
            finished.signal()
        }
    }

    /// The command's run once it has ended; nil if it has not ended within `seconds`.
    func wait(seconds: Double = 20) -> CommandRun? {
        guard finished.wait(timeout: .now() + seconds) == .success else { return nil }
        finished.signal()
        return result
    }
}
