import TestSupport
import AnnouncerProtocol
import Foundation
import Spawning
import Testing

/// `announce` finds the running server and speaks through it.
@Suite(.serialized, .startsProcesses) struct AnnounceThroughServerTests {
    private func announce(_ arguments: [String], server: ServerProcess, input: String = "") async throws -> ProgramRun {
        try await ProgramRun.run(ServerProcess.announce.path, arguments, input: input, environment: ["ANNOUNCER_SOCKET": server.socketPath])
    }

    @Test("say --wait goes through the server and prints the outcome and latency")
    func sayWaitUsesTheServer() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        let run = try await announce(["say", "--wait", "--assertive", "--rate", "450", "Through the server"], server: server)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("Spoken. Its audio began "))
        let ended = await listener.events(until: { $0.event == .ended }).last
        #expect(ended?.text == "Through the server")
    }

    @Test("say --wait exits 1 and says why when the announcement was not spoken")
    func sayWaitReportsNotSpoken() async throws {
        // A duplicate window of a minute: the second say, a new process after the first was spoken,
        // may come well over the standard second later on a busy machine.
        let server = try await ServerProcess.start(arguments: ["--duplicate-window", "60000"])
        defer { server.end() }
        let first = try await announce(["say", "--wait", "--rate", "450", "Twice"], server: server)
        #expect(first.status == 0)
        let second = try await announce(["say", "--wait", "--rate", "450", "Twice"], server: server)
        #expect(second.status == 1)
        #expect(second.standardOutput.hasPrefix("Not spoken: duplicate."))
    }

    @Test("say --off --wait prints that it was silenced, not that it was spoken")
    func sayOffWaitSaysSilenced() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let run = try await announce(["say", "--off", "--wait", "Quiet"], server: server)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "Silenced, as --off asks: it is on the timeline and was not spoken.\n")
    }

    @Test("pipe sends every line to the server and, with --events, relays each line's outcome")
    func pipeUsesTheServer() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let run = try await announce(["pipe", "--events", "-", "--rate", "450", "--region", "build"], server: server, input: "compiling\nerror: it broke\n")
        #expect(run.status == 0, "\(run.standardError)")
        let ended = run.standardOutput.split(separator: "\n").filter { $0.contains(#""event":"ended""#) }
        #expect(ended.count == 2)
        #expect(ended.allSatisfy { $0.contains(#""region":"build""#) })
    }

    @Test("A throttled pipe sends its lines more slowly and leaves none out, saying so once")
    func throttledPipeSlowsDownAndLosesNothing() async throws {
        let server = try await ServerProcess.start(arguments: ["--client-burst", "5", "--client-rate", "20"])
        defer { server.end() }
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        let lines = (1...30).map { "Build step \($0) done" }
        let run = try await announce(["pipe", "--off"], server: server, input: lines.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.components(separatedBy: "none is left out").count == 2, "\(run.standardError)")
        let received = await listener.events(until: { $0.event == .ended && $0.text == lines.last }, timeout: 20)
            .filter { $0.event == .received }.map(\.text)
        #expect(received == lines)
    }

    @Test("events prints the live timeline as JSON Lines")
    func eventsPrintsTheTimeline() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        // events writes each line to the file as it comes.
        let output = temporaryPath("events.jsonl")
        var child = ChildProcess(executable: ServerProcess.announce.path, arguments: ["events", "--socket", server.socketPath])
        child.standardOutput = .appending(output)
        let events = try RunningChild(child)
        defer { events.signal(SIGKILL) }
        // Said once events is connected (the observer is the other client), so it sees it arrive.
        let observer = try SocketClient(path: server.socketPath)
        #expect(await waitFor({ (observer.request(.status)?.body(StatusBody.self)?.clients ?? 0) >= 2 }, seconds: 20))
        let say = try await announce(["say", "--wait", "--rate", "450", "Watched"], server: server)
        #expect(say.status == 0)
        let written = { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }
        #expect(await waitFor({ written().contains(#""event":"ended""#) }, seconds: 10), "\(written())")
        events.signal(SIGINT)
        #expect(await events.exit() == .exited(0))
        let lines = written().split(separator: "\n")
        #expect(lines.contains { $0.contains(#""event":"ended""#) && $0.contains(#""text":"Watched""#) })
    }

    @Test("Without a server at the standard socket, say uses the embedded engine; a socket named by --socket or $ANNOUNCER_SOCKET that does not answer is an error")
    func fallbackAndExplicitSocket() async throws {
        let missing = "/tmp/anr-none-\(UUID().uuidString.prefix(6)).sock"
        let runtime = ServerProcess.makeDirectory()
        let embedded = try await ProgramRun.run(ServerProcess.announce.path, ["say", "--rate", "450", "Embedded"],
                                      environment: ["ANNOUNCER_SOCKET": "", "XDG_RUNTIME_DIR": runtime, "ANNOUNCER_SINK": "null"])
        #expect(embedded.status == 0, "\(embedded.standardError)")
        let explicit = try await ProgramRun.run(ServerProcess.announce.path, ["say", "--socket", missing, "Nobody"])
        #expect(explicit.status != 0)
        #expect(explicit.standardError.contains("No announcer server is running at \(missing)"))
        // A server the environment names and that has gone is said to be gone, not replaced by an engine here.
        let gone = try await ProgramRun.run(ServerProcess.announce.path, ["say", "Nobody"], environment: ["ANNOUNCER_SOCKET": missing, "ANNOUNCER_SINK": "null"])
        #expect(gone.status != 0)
        #expect(gone.standardError.contains("No announcer server is running at \(missing)"))
        #expect(gone.standardError.contains("$ANNOUNCER_SOCKET"), "\(gone.standardError)")
    }
}
