import AnnouncerCore
import ServerSeamSupport
import Testing

/// `announce status` against announcerd's server in this process, on the fake engine.
struct StatusCommandTests {
    @Test("status says what speaks and what waits, in plain lines of at most 80 characters")
    func statusSaysWhatSpeaksAndWaits() throws {
        // A word a second: the announcement still speaks when status asks, however slowly the say before it ran.
        let server = try InProcessServer(samplesPerWord: 22_050)
        defer { server.stop() }
        let say = CommandRun.run(["say", "--socket", server.socketPath, "one two three four five six seven eight nine ten"])
        #expect(say.status == 0, "\(say.errorMessage) \(say.output.error)")
        let status = CommandRun.run(["status", "--socket", server.socketPath])
        #expect(status.status == 0, "\(status.errorMessage) \(status.output.error)")
        #expect(!status.output.outputLines.isEmpty)
        #expect(status.output.outputLines.allSatisfy { $0.count <= 80 }, "\(status.output.outputLines)")
        #expect(status.output.output.contains("one two three"), "\(status.output.output)")
    }
}
