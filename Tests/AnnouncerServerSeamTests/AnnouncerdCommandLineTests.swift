@testable import announcerd
import AnnouncerCommandLine
import AnnouncerServer
import ArgumentParser
import Foundation
import Logging
import SeamTestSupport
import TestSupport
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

    /// What announcerd's `main` prints on standard error as it ends with `error` (`PlainErrorExit`): its
    /// message, each line fitted to 80 cells by `PlainOutput.error`.
    static func printed(_ error: any Error) -> String {
        let captured = ErrorText()
        PlainOutput.$destination.withValue(captured) { PlainOutput.error(Announcerd.fullMessage(for: error)) }
        return captured.text.value
    }

    @Test("announcerd's refusals fit 80 columns: a sink it does not know, a line limit too small, a socket in a folder that does not exist")
    func refusalsFit() throws {
        var found: [String] = []
        // The parser's refusals, its help line for a bad value among them.
        for (arguments, sentence) in [
            (["--sink", "bogus"], "Error: The value 'bogus' is invalid for '--sink <SINK>'"),
            (["--max-line-length", "10"], "Error: The line limit must be at least 1024 bytes."),
        ] {
            let error = try #require(Self.refusal(arguments + ["--socket", "/tmp/ans-none/a.sock"]), "\(arguments) was not refused")
            #expect(Announcerd.exitCode(for: error) != .success)
            let text = Self.printed(error)
            #expect(text.unwrapped.hasPrefix(sentence), "\(text)")
            found += Self.overlong(text, from: "announcerd " + arguments.joined(separator: " "))
        }
        // A socket in a folder that does not exist is refused as announcerd's start claims it, in the
        // sentence its `serve` ends with.
        let socket = "/nonexistent/folder/a.sock"
        #expect(Self.refusal(["--socket", socket, "--sink", "null"]) == nil)
        do throws(ServerStartError) {
            _ = try AnnouncementServer.claimSockets(for: ServerConfiguration(socketPath: socket), logger: Logger(label: "announcerd") { _ in SwiftLogNoOpLogHandler() })
            Issue.record("the socket \(socket) was claimed")
        } catch {
            let failure = CommandFailure(error.description)
            #expect(Announcerd.exitCode(for: failure) != .success)
            let text = Self.printed(failure)
            #expect(text.unwrapped == "Error: Cannot prepare \(socket).lock: No such file or directory.\n", "\(text)")
            found += Self.overlong(text, from: "announcerd --socket \(socket)")
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// The lines of `text` longer than 80 characters, with who printed them: a longer line is allowed
    /// only where the content leaves no choice, one word (a path, a URL) longer than 80 characters.
    static func overlong(_ text: String, from command: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { line in
            line.count > 80 && line.trimmingCharacters(in: .whitespaces).contains(" ")
        }.map { "\(command): \($0.count) characters: \($0)" }
    }
}

/// Standard error as a command writes it through `PlainOutput`, kept for the test; standard output is dropped.
private final class ErrorText: OutputDestination {
    let text = Locked("")
    func writeOutput(_ text: String) {}
    func writeError(_ text: String) { self.text.update { $0 += text } }
    func passOn(_ bytes: UnsafeRawBufferPointer) -> Bool { true }
}
