import TestSupport
import AnnouncerCore
import AnnouncerProtocol
import AnnouncerServer
import Foundation
import Synchronization
import Testing

/// Per-client limits against a real `announcerd`: an abusive client is refused with a reason,
/// stays connected, and the others keep being spoken.
/// The server's own logic behind these is tested in the test's process by `ClientLimitsOnFakeEngineTests`.
@Suite(.serialized, .startsProcesses) struct ClientLimitsTests {
    @Test("Past its program's bound a client's oldest polite ones are dropped with the reason, status says so per client, and another client is untouched")
    func clientBoundDropsOnlyThatClientsOldest() async throws {
        let server = try await ServerProcess.start(arguments: ["--max-waiting-polite-per-client", "50"])
        defer { server.end() }
        let flooder = try SocketClient(path: server.socketPath)
        _ = flooder.request(#"{"request":"speak","text":"Flood 0, a long first one that keeps the voice busy for a while so the rest must wait"}"#)
        let other = try SocketClient(path: server.socketPath)
        let mine = try #require(other.request(#"{"request":"speak","text":"Mine","follow":true}"#)?.id)
        flooder.send((1...100).map { #"{"request":"speak","text":"Flood \#($0)"}"# + "\n" }.joined())
        let replies = (1...100).compactMap { _ in flooder.readReply() }
        #expect(replies.allSatisfy { $0.reply?.ok == true }, "\(replies.first { $0.reply?.ok != true }?.text ?? "")")

        // Both connections are this test's process, so one program: its bound counts the other client's
        // one too, and the oldest of its busiest client, the flooder, go.
        let run = try await ProgramRun.run(ServerProcess.announce.path, ["status", "--socket", server.socketPath])
        #expect(run.standardOutput.unwrapped.contains("49 polite and 0 assertive waiting, 51 dropped."), "\(run.standardOutput)")
        #expect(run.standardOutput.unwrapped.contains("had 51 dropped for this reason: It was the oldest of the 50 polite announcements one program may have waiting"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("\u{1B}"))
        let events = await other.events(until: isEnd(of: mine), timeout: 20)
        #expect(events.last?.outcome == .spoken)
    }

    @Test("Status names the throttled client, its protocol and process, and counts refusals by reason; announce status says so in plain lines")
    func statusNamesTheThrottledClient() async throws {
        let server = try await ServerProcess.start(arguments: ["--client-burst", "5", "--client-rate", "1"])
        defer { server.end() }
        let client = try SocketClient(path: server.socketPath)
        // The status request follows the refusals in the same write, so it is read within the quiet second.
        client.send((0..<10).map { #"{"request":"speak","text":"Item \#($0)"}"# + "\n" }.joined() + #"{"request":"status"}"# + "\n")
        let replies = (0..<10).compactMap { _ in client.readReply() }
        #expect(replies.count { $0.reply?.error == .throttled } >= 4)
        let status = try #require(client.readReply())
        let throttling = try #require(status.body(StatusBody.self)?.throttling, "\(status.text)")
        #expect(throttling.throttled == 1)
        #expect((throttling.refused["rate"] ?? 0) >= 4)
        // The status decodes only with each throttled client's number (`client`), so that needs no check of its own.
        let shown = try #require(throttling.throttledClients.first)
        #expect(shown.wireProtocol == .json)
        #expect(shown.pid == Int(getpid()))
        #expect(throttling.limits.burst == 5)

        // Another process floods over SSIP while announce status asks.
        // Not a wait: `sleep 0.02` paces the flood at 50 messages a second, for three seconds.
        let script = "(printf 'SET SELF CLIENT_NAME joe:flood:main\\r\\n'; for i in $(seq 1 150); do printf 'SPEAK\\r\\nFlood %s\\r\\n.\\r\\n' $i; sleep 0.02; done) | socat -t 1 - UNIX-CONNECT:\(server.socketPath) > /dev/null"
        async let flood = ProgramRun.run("/bin/sh", ["-c", script], timeout: 30)
        // announce status is asked again as soon as it answers, until it names the flooding client.
        var output = ""
        let deadline = ContinuousClock.now + .seconds(15)
        while !output.contains("SSIP, joe:flood:main, process "), ContinuousClock.now < deadline {
            output = (try? await ProgramRun.run(ServerProcess.announce.path, ["status", "--socket", server.socketPath]))?.standardOutput.unwrapped ?? ""
        }
        #expect(output.contains("SSIP, joe:flood:main, process "), "\(output)")
        #expect(output.contains("throttled now."))
        #expect(output.contains("Each client may send 5 announcements at once, then 1 a second; 20000 waiting or speaking; texts of at most 8192 bytes."))
        #expect(!output.contains("│") && !output.contains("\u{1B}"))
        _ = try await flood
        // Quiet for a second after its last refusal, and gone: no longer throttled, and the log said when it stopped.
        #expect(await waitFor({ server.standardErrorText.contains("A client is no longer throttled.") || server.standardErrorText.contains("A throttled client closed its connection.") }, seconds: 5), "\(server.standardErrorText)")
    }
}
