import TestSupport
import Foundation
import Testing

/// Every line the tools print for people fits an 80-cell braille display: each command's normal output,
/// its help and its usual errors. A longer line is allowed only where the content leaves no choice:
/// one word (a path, a URL) that is itself longer than 80 characters.
@Suite(.serialized) struct LineLengthTests {
    static let width = 80

    /// The lines of `text` that are too long, with the command that printed them.
    static func overlong(_ text: String, from command: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { line in
            line.count > width && line.trimmingCharacters(in: .whitespaces).contains(" ")
        }.map { "\(command): \($0.count) characters: \($0)" }
    }

    static func check(_ arguments: [String], input: String = "", allowFailure: Bool = true) throws -> [String] {
        let run = try AnnounceProcess.run(arguments, input: input)
        if !allowFailure {
            #expect(run.status == 0, "announce \(arguments.joined(separator: " ")): \(run.standardOutput)\(run.standardError)")
        }
        let name = "announce " + arguments.joined(separator: " ")
        return overlong(run.standardOutput, from: name) + overlong(run.standardError, from: name + " (standard error)")
    }

    @Test("Every command's help fits 80 columns")
    func helpFits() throws {
        var found: [String] = []
        let commands: [[String]] = [[], ["say"], ["pipe"], ["cancel"], ["stop"], ["status"], ["events"], ["voices"],
                                    ["flow"], ["flow", "check"], ["flow", "play"], ["bench"], ["demo"], ["emacspeak"]]
        for command in commands {
            found += try Self.check(command + ["--help"], allowFailure: false)
        }
        let daemon = try ProgramRun(ServerProcess.announcerd.path, ["--help"])
        found += Self.overlong(daemon.standardOutput, from: "announcerd --help")
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("say, pipe, voices, demo, bench --events, flow check and flow play print lines of at most 80 characters")
    func normalOutputFits() throws {
        var found: [String] = []
        let timeline = temporaryPath("line-length-events.jsonl")
        found += try Self.check(["say", "--sink", "null", "--rate", "450", "--assertive", "--wait", "--events", timeline, "--events-text", "-",
                                 "Checking your sign-in details. Please wait while we contact the server."], allowFailure: false)
        // A pipe that skips stale lines says so on standard error.
        let lines = (1...60).map { "compiling file number \($0) of the very long build that never seems to end" }.joined(separator: "\n")
        found += try Self.check(["pipe", "--sink", "null", "--rate", "450"], input: lines + "\nerror: linking failed\n", allowFailure: false)
        found += try Self.check(["voices", "--embedded"], allowFailure: false)
        found += try Self.check(["voices", "--embedded", "--try", "Møtet er 12.03.2026 kl. 14:30 i Storgata 5.", "--lang", "nb"], allowFailure: false)
        found += try Self.check(["demo", "--sink", "null"], allowFailure: false)
        found += try Self.check(["bench", "--events", timeline], allowFailure: false)
        found += try Self.check(["bench", "--events", timeline, "--verbose"], allowFailure: false)
        found += try Self.check(["flow", "check", "--embedded", "--sink", "null",
                                 Repository.path("Flows/login.en.yaml"), Repository.path("Flows/login.nb.yaml")], allowFailure: false)
        found += try Self.check(["flow", "play", "--embedded", "--sink", "null", Repository.path("Flows/login.nb.yaml")],
                                input: "\t\tx?", allowFailure: false)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("Errors and the commands that talk to a server fit 80 columns")
    func errorsAndServerCommandsFit() throws {
        var found: [String] = []
        // No server: status, events and cancel each say so in one sentence.
        for command in [["status"], ["events"], ["cancel", "--all"], ["stop"]] {
            found += try Self.check(command)
        }
        found += try Self.check(["say", "--sink", "null", "--rate", "9999", "Hello"])
        found += try Self.check(["say", "--langauge", "nb", "Hello"])
        found += try Self.check(["speak", "Hello"])
        found += try Self.check(["flow", "check", "--sink", "null", "/nonexistent/folder/flow.yaml"])

        let server = try ServerProcess()
        defer { server.stop() }
        for command in [["status"], ["voices"], ["cancel", "--all"], ["stop"]] {
            found += try Self.check(command + ["--socket", server.socketPath], allowFailure: false)
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
