import AnnouncerCore
import AnnouncerProtocol
import ServerSeamSupport
import TestSupport
import Testing

/// `announce say` through announcerd's server in this process, on the fake engine: what it sends,
/// what it prints and its exit status.
struct SayCommandTests {
    @Test("say --wait goes through the server and prints the outcome and latency")
    func sayWaitUsesTheServer() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        let run = CommandRun.run(["say", "--socket", server.socketPath, "--wait", "--assertive", "--rate", "450", "Through the server"])
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.error)")
        #expect(run.output.output.hasPrefix("Spoken. Its audio began "), "\(run.output.output)")
        let ended = listener.readEvents(until: { $0.event == .ended }).last
        #expect(ended?.text == "Through the server")
    }

    @Test("say --wait exits 1 and says why when the announcement was not spoken")
    func sayWaitReportsNotSpoken() throws {
        // A repeat within the minute is a duplicate, however slowly the second command line is read.
        var policy = LiveRegionPolicy.standard
        policy.duplicateWindow = .seconds(60)
        let server = try InProcessServer(policy: policy)
        defer { server.stop() }
        let first = CommandRun.run(["say", "--socket", server.socketPath, "--wait", "--rate", "450", "Twice"])
        #expect(first.status == 0, "\(first.errorMessage)")
        let second = CommandRun.run(["say", "--socket", server.socketPath, "--wait", "--rate", "450", "Twice"])
        #expect(second.status == 1)
        #expect(second.output.output.hasPrefix("Not spoken: duplicate."), "\(second.output.output)")
    }

    @Test("say --off --wait prints that it was silenced, not that it was spoken")
    func sayOffWaitSaysSilenced() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let run = CommandRun.run(["say", "--socket", server.socketPath, "--off", "--wait", "Quiet"])
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.error)")
        #expect(run.output.output == "Silenced, as --off asks: it is on the timeline and was not spoken.\n")
    }

    @Test("say - speaks standard input, its lines joined, instead of a hyphen")
    func sayReadsStandardInput() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let run = CommandRun.run(["say", "--socket", server.socketPath, "--events", "-", "-"], input: "Build finished\nwith two warnings\n")
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.error)")
        let received = try EventLine.parse(run.output.output).filter { $0.event == .received }
        #expect(received.map(\.text) == ["Build finished with two warnings"])
    }

    @Test("An empty text is refused in one sentence")
    func emptyTextIsRefused() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let run = CommandRun.run(["say", "--socket", server.socketPath, "   "])
        #expect(run.status != 0)
        #expect(run.errorMessage.contains("no text"), "\(run.errorMessage)")
        #expect(!run.errorMessage.contains("\n"))
    }

    @Test("An off announcement exits 0 and is recorded as silenced")
    func offIsRecordedAsSilenced() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let run = CommandRun.run(["say", "--socket", server.socketPath, "--off", "--events", "-", "Quiet"])
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.error)")
        #expect(try EventLine.parse(run.output.output).last?.outcome == .silenced)
    }
}
