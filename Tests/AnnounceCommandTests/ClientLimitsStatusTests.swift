import AnnouncerCore
import AnnouncerProtocol
import AnnouncerServer
import Foundation
import SeamTestSupport
import ServerSeamSupport
import TestSupport
import Testing

/// Per-client limits as `announce status` reports them, against announcerd's server in this process,
/// on the fake engine: an abusive client is refused or cut with the reason, and status names it.
struct ClientLimitsStatusTests {
    @Test("Past its program's bound a client's oldest polite ones are dropped with the reason, status says so per client, and another client is untouched")
    func clientBoundDropsOnlyThatClientsOldest() throws {
        var policy = LiveRegionPolicy.standard
        policy.maxWaitingPolitePerClient = 50
        let server = try InProcessServer(policy: policy)
        defer { server.stop() }
        let flooder = try SocketClient(path: server.socketPath)
        _ = flooder.request(#"{"request":"speak","text":"Flood 0, a long first one that keeps the voice busy for a while so the rest must wait"}"#)
        let other = try SocketClient(path: server.socketPath)
        let mine = try #require(other.request(#"{"request":"speak","text":"Mine","follow":true}"#)?.id)
        flooder.send((1...100).map { #"{"request":"speak","text":"Flood \#($0)"}"# + "\n" }.joined())
        let replies = (1...100).compactMap { _ in flooder.readReply() }
        #expect(replies.count == 100)
        #expect(replies.allSatisfy { $0.reply?.ok == true }, "\(replies.first { $0.reply?.ok != true }?.text ?? "")")

        // Both connections are this test's process, so one program: its bound counts the other client's
        // one too, and the oldest of its busiest client, the flooder, go.
        let status = CommandRun.run(["status", "--socket", server.socketPath])
        #expect(status.status == 0, "\(status.errorMessage)")
        let output = status.output.output.unwrapped
        #expect(output.contains("49 polite and 0 assertive waiting, 51 dropped."), "\(output)")
        #expect(output.contains("had 51 dropped for this reason: It was the oldest of the 50 polite announcements one program may have waiting"), "\(output)")
        #expect(!output.contains("\u{1B}"))
        let events = other.readEvents(until: isEnd(of: mine), timeout: 20)
        #expect(events.last?.outcome == .spoken, "\(events.suffix(3))")
    }

    @Test("Status names the throttled client, its protocol and process, and counts refusals by reason; announce status says so in plain lines")
    func statusNamesTheThrottledClient() throws {
        // The limits' clock stands still, so a throttled client stays throttled until it goes.
        let server = try InProcessServer(limitsClock: ManualClock()) {
            $0.clientLimits.rate = ClientLimits.Rate(burst: 5, perSecond: 1)
        }
        defer { server.stop() }
        let client = try SocketClient(path: server.socketPath)
        client.send((0..<10).map { #"{"request":"speak","text":"Item \#($0)"}"# + "\n" }.joined() + #"{"request":"status"}"# + "\n")
        let replies = (0..<10).compactMap { _ in client.readReply() }
        #expect(replies.count { $0.reply?.error == .throttled } >= 4)
        let reply = try #require(client.readReply())
        let throttling = try #require(reply.body(StatusBody.self)?.throttling, "\(reply.text)")
        #expect(throttling.throttled == 1)
        #expect((throttling.refused["rate"] ?? 0) >= 4)
        // The status decodes only with each throttled client's number (`client`), so that needs no check of its own.
        let shown = try #require(throttling.throttledClients.first)
        #expect(shown.wireProtocol == .json)
        #expect(shown.pid == Int(getpid()))
        #expect(throttling.limits.burst == 5)

        // Another client floods over SSIP under a name of its own while announce status asks.
        let flooder = try SocketClient(path: server.socketPath)
        flooder.send("SET SELF CLIENT_NAME joe:flood:main\r\n" + (1...150).map { "SPEAK\r\nFlood \($0)\r\n.\r\n" }.joined())
        // announce status is asked again as soon as it answers, until it names the flooding client.
        var output = ""
        let deadline = Date().addingTimeInterval(15)
        while !output.contains("SSIP, joe:flood:main, process "), Date() < deadline {
            output = CommandRun.run(["status", "--socket", server.socketPath]).output.output.unwrapped
        }
        #expect(output.contains("SSIP, joe:flood:main, process \(getpid())"), "\(output)")
        #expect(output.contains("throttled now."))
        #expect(output.contains("Each client may send 5 announcements at once, then 1 a second; 20000 waiting or speaking; texts of at most 8192 bytes."), "\(output)")
        #expect(!output.contains("│") && !output.contains("\u{1B}"))
        // Gone: no longer throttled, and the log says so. Both clients are this test's process, one
        // program, whose throttling is logged once, at its first client, the JSON one, so that one goes.
        shutdown(flooder.descriptor, Int32(SHUT_RDWR))
        shutdown(client.descriptor, Int32(SHUT_RDWR))
        let logged = server.waitForLog("A throttled client closed its connection.")
        #expect(logged, "\(server.logText)")
    }
}
