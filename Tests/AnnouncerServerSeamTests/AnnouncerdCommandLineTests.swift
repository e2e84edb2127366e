@testable import announcerd
import ArgumentParser
import Foundation
import Testing

/// announcerd's command line, parsed in the test's process as its `main` parses it, and the sentence
/// and status its `main` gives for what it refuses (`PlainErrorExit`): nothing is started.
struct AnnouncerdCommandLineTests {
    /// What announcerd's `main` does with `arguments` before it serves: the error it would end with, if
    /// any. A command line it would serve is not served; the parser's own commands (help) are run, as
    /// there, and only throw what they print.
    static func refusal(_ arguments: [String]) -> (any Error)? {
        do {
            var command = try Announcerd.parseAsRoot(arguments)
            if !(command is Announcerd) { try command.run() }
            return nil
        } catch {
            return error
        }
    }

    @Test("--max-pause-all takes seconds above zero")
    func maxPauseAllMustBePositive() throws {
        let error = try #require(Self.refusal(["--max-pause-all", "0", "--socket", "/tmp/ans-none/a.sock"]))
        #expect(Announcerd.exitCode(for: error) != .success)
        let message = Announcerd.fullMessage(for: error)
        #expect(message.contains("--max-pause-all must be more than 0 and at most 86400 seconds (a day)."), "\(message)")
        #expect(Self.refusal(["--max-pause-all", "0.5", "--socket", "/tmp/ans-none/a.sock"]) == nil)
    }

    @Test("announcerd refuses inet_socket autospawn with one sentence and a non-zero status, before it spawns anything")
    func inetSocketAutospawnIsRefused() throws {
        let error = try #require(Self.refusal(["--spawn", "--communication-method", "inet_socket", "--port", "6560"]))
        #expect(Announcerd.exitCode(for: error) != .success)
        let message = Announcerd.fullMessage(for: error)
        #expect(message.contains("announcerd serves Unix domain sockets only, not inet_socket"), "\(message)")
        #expect(Self.refusal(["--spawn", "--communication-method", "unix_socket", "--port", "6560"]) == nil)
    }

    @Test("announcerd --help fits 80 columns")
    func helpFits() throws {
        // --help is a request the parser answers with the help, and a success.
        let request = try #require(Self.refusal(["--help"]))
        #expect(Announcerd.exitCode(for: request) == .success)
        // As announcerd prints it to a pipe, a file or an 80-column terminal.
        let help = Announcerd.helpMessage(columns: 80)
        #expect(help.contains("--socket"), "\(help)")
        // A longer line is allowed only where the content leaves no choice: one word longer than 80 characters.
        let overlong = help.split(separator: "\n").filter { $0.count > 80 && $0.trimmingCharacters(in: .whitespaces).contains(" ") }
        #expect(overlong.isEmpty, "\(overlong.joined(separator: "\n"))")
    }
}
