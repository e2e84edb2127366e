import TestSupport
import AnnouncerProtocol
import Foundation
import Testing

/// `announce` finds the running server and speaks through it.
@Suite(.serialized) struct AnnounceThroughServerTests {
    private func announce(_ arguments: [String], server: ServerProcess, input: String = "") throws -> ProgramRun {
        try ProgramRun(ServerProcess.announce.path, arguments, input: input, environment: ["ANNOUNCER_SOCKET": server.socketPath])
    }

    @Test("events prints the live timeline as JSON Lines")
    func eventsPrintsTheTimeline() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let events = Process()
        events.executableURL = ServerProcess.announce
        events.arguments = ["events", "--socket", server.socketPath]
        let output = Pipe()
        events.standardOutput = output
        try events.run()
        Thread.sleep(forTimeInterval: 0.3)
        let say = try announce(["say", "--wait", "--rate", "450", "Watched"], server: server)
        #expect(say.status == 0)
        Thread.sleep(forTimeInterval: 0.2)
        kill(events.processIdentifier, SIGINT)
        events.waitUntilExit()
        #expect(events.terminationStatus == 0)
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        #expect(lines.contains { $0.contains(#""event":"ended""#) && $0.contains(#""text":"Watched""#) })
    }

    @Test("Without a server at the standard socket, say uses the embedded engine; a socket named by --socket or $ANNOUNCER_SOCKET that does not answer is an error")
    func fallbackAndExplicitSocket() throws {
        let missing = "/tmp/anr-none-\(UUID().uuidString.prefix(6)).sock"
        let runtime = ServerProcess.makeDirectory()
        let embedded = try ProgramRun(ServerProcess.announce.path, ["say", "--rate", "450", "Embedded"],
                                      environment: ["ANNOUNCER_SOCKET": "", "XDG_RUNTIME_DIR": runtime, "ANNOUNCER_SINK": "null"])
        #expect(embedded.status == 0, "\(embedded.standardError)")
        let explicit = try ProgramRun(ServerProcess.announce.path, ["say", "--socket", missing, "Nobody"])
        #expect(explicit.status != 0)
        #expect(explicit.standardError.contains("No announcer server is running at \(missing)"))
        // A server the environment names and that has gone is said to be gone, not replaced by an engine here.
        let gone = try ProgramRun(ServerProcess.announce.path, ["say", "Nobody"], environment: ["ANNOUNCER_SOCKET": missing, "ANNOUNCER_SINK": "null"])
        #expect(gone.status != 0)
        #expect(gone.standardError.contains("No announcer server is running at \(missing)"))
        #expect(gone.standardError.contains("$ANNOUNCER_SOCKET"), "\(gone.standardError)")
    }
}
