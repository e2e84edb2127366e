import TestSupport
import Foundation
import Testing

/// Every line the tools print for people fits an 80-cell braille display: each command's normal output,
/// its help and its usual errors. A longer line is allowed only where the content leaves no choice:
/// one word (a path, a URL) that is itself longer than 80 characters. announce's usual errors, and its
/// commands against a server, are AnnounceCommandTests' `LineLengthCommandTests`, in the test's process;
/// announcerd's refusals are AnnouncerServerSeamTests' `AnnouncerdCommandLineTests`.
@Suite(.serialized, .startsProcesses) struct LineLengthTests {
    static let width = 80

    /// The lines of `text` that are too long, with the command that printed them.
    static func overlong(_ text: String, from command: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { line in
            line.count > width && line.trimmingCharacters(in: .whitespaces).contains(" ")
        }.map { "\(command): \($0.count) characters: \($0)" }
    }

    static func check(_ arguments: [String], input: String = "", allowFailure: Bool = true) async throws -> [String] {
        let run = try await AnnounceProcess.run(arguments, input: input)
        if !allowFailure {
            #expect(run.status == 0, "announce \(arguments.joined(separator: " ")): \(run.standardOutput)\(run.standardError)")
        }
        let name = "announce " + arguments.joined(separator: " ")
        return overlong(run.standardOutput, from: name) + overlong(run.standardError, from: name + " (standard error)")
    }

    @Test("say, pipe, voices, demo, bench --events, flow check and flow play print lines of at most 80 characters")
    func normalOutputFits() async throws {
        var found: [String] = []
        let timeline = temporaryPath("line-length-events.jsonl")
        found += try await Self.check(["say", "--sink", "null", "--rate", "450", "--assertive", "--wait", "--events", timeline, "--events-text", "-",
                                 "Checking your sign-in details. Please wait while we contact the server."], allowFailure: false)
        // A pipe that skips stale lines says so on standard error.
        let lines = (1...60).map { "compiling file number \($0) of the very long build that never seems to end" }.joined(separator: "\n")
        found += try await Self.check(["pipe", "--sink", "null", "--rate", "450"], input: lines + "\nerror: linking failed\n", allowFailure: false)
        found += try await Self.check(["voices", "--embedded"], allowFailure: false)
        found += try await Self.check(["voices", "--embedded", "--try", "Møtet er 12.03.2026 kl. 14:30 i Storgata 5.", "--lang", "nb"], allowFailure: false)
        found += try await Self.check(["demo", "--sink", "null"], allowFailure: false)
        found += try await Self.check(["bench", "--events", timeline], allowFailure: false)
        found += try await Self.check(["bench", "--events", timeline, "--verbose"], allowFailure: false)
        found += try await Self.check(["flow", "check", "--embedded", "--sink", "null",
                                 Repository.path("Flows/login.en.yaml"), Repository.path("Flows/login.nb.yaml")], allowFailure: false)
        found += try await Self.check(["flow", "play", "--embedded", "--sink", "null", Repository.path("Flows/login.nb.yaml")],
                                input: "\t\tx?", allowFailure: false)
        // The audit report's progress: the estimate, each step, and the time left; rendered fast, so in seconds.
        let report = temporaryPath("line-length-report")
        defer { try? FileManager.default.removeItem(atPath: report) }
        found += try await Self.check(["flow", "check", "--report", report, "--fast",
                                 Repository.path("Flows/login.en.yaml"), Repository.path("Flows/login.nb.yaml")], allowFailure: false)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("What the commands say of a server whose audio device is down, and what the server logs, fits 80 columns")
    func deviceDownAndServerLogFit() async throws {
        var found: [String] = []
        // pipe --tee waits for its lines to end, and with no device they end only when their time to
        // live is up: 5 s instead of the standard 30, still long after status has seen the says wait.
        let server = try await ServerProcess.start(arguments: ["--sink", "alsa:hw:97", "--polite-time-to-live", "5"])
        defer { server.end() }
        let socket = ["--socket", server.socketPath]
        let long = "Checking your sign-in details. Please wait while we contact the server, which may take a while."
        found += try await Self.check(["say"] + socket + [long], allowFailure: false)
        found += try await Self.check(["say"] + socket + ["--region", "a-rather-long-region-name-for-the-sign-in-form", "Waiting"], allowFailure: false)
        // A status reply is reused for 100 ms (ServerContext.statusSnapshotLife); this one must be made after the says.
        // Not a wait: that is a time, and nothing tells when a snapshot expires.
        try await Task.sleep(for: .seconds(0.2))
        found += try await Self.check(["status"] + socket, allowFailure: false)
        found += try await Self.check(["stop"] + socket, allowFailure: false)
        found += try await Self.check(["cancel"] + socket + ["--region", "a-rather-long-region-name-for-the-sign-in-form"], allowFailure: false)
        found += try await Self.check(["cancel"] + socket + ["12345"], allowFailure: false)
        found += try await Self.check(["pipe", "--tee"] + socket, input: "one\ntwo\n", allowFailure: false)
        // With no device at all, pipe --tee warns once and passes the input on.
        found += try await Self.check(["pipe", "--tee", "--sink", "alsa:hw:97"], input: "one\ntwo\n", allowFailure: false)
        found += try await Self.check(["flow", "check", "--sink", "alsa:hw:97", "/nonexistent/folder/flow.yaml", Repository.path("Flows/login.en.yaml")])
        await server.stop()
        found += Self.overlong(server.rawStandardErrorText, from: "announcerd --sink alsa:hw:97 --polite-time-to-live 5 (its log)")
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
