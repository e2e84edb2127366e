import AnnouncerCore
import AnnouncerProtocol
import ServerSeamSupport
import TestSupport
import Testing

/// `announce events` against announcerd's server in this process, on the fake engine: the live timeline
/// it prints as sentences, and its end when the server goes. EndToEndTests keeps `events` as a program,
/// ended by Ctrl-C (`AnnounceThroughServerTests`).
struct EventsCommandTests {
    @Test("events --text prints the live timeline as plain sentences, from 0 ms, each under 80 characters here")
    func eventsAsSentences() throws {
        let server = try InProcessServer()
        var stopped = false
        defer { if !stopped { server.stop() } }
        let socket = server.socketPath
        let output = CapturedOutput()
        let events = RunningCommand { CommandRun.run(["events", "--text", "--socket", socket], output: output) }
        // Said once events is connected (the observer is the other client), so it sees it arrive.
        let observer = try SocketClient(path: socket)
        #expect(waitFor({ (observer.request(.status)?.body(StatusBody.self)?.clients ?? 0) >= 2 }, seconds: 20))
        _ = observer.request(.subscribe)
        let say = CommandRun.run(["say", "--socket", socket, "--rate", "450", "Saved"])
        #expect(say.status == 0, "\(say.errorMessage) \(say.output.error)")
        let ended = try #require(observer.readEvents(until: { $0.event == .ended }).last)
        #expect(ended.outcome == .spoken)
        // Announcement numbers are the process's, so the one said here is named by the number it was given.
        let id = ended.id.rawValue
        // The observer's end is not yet events': the server goes once events has printed it too.
        #expect(output.waitForOutput(containing: "announcement \(id) ended: "), "\(output.output)")
        server.stop()
        stopped = true
        let run = try #require(events.wait(), "events did not end when its server went")
        #expect(run.status == 1)
        #expect(run.errorMessage == "The announcer server closed the connection.")
        let lines = output.outputLines
        #expect(lines.first == "0.0 ms: announcement \(id) received, polite, English: \"Saved\"", "\(output.output)")
        #expect(lines.last?.hasSuffix("announcement \(id) ended: spoken.") == true, "\(output.output)")
        #expect(lines.contains { $0.contains("announcement \(id) first audio, ") && $0.hasSuffix(" after arrival.") }, "\(output.output)")
        #expect(lines.allSatisfy { $0.count <= 80 && !$0.contains("{") }, "\(output.output)")
    }
}
