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
