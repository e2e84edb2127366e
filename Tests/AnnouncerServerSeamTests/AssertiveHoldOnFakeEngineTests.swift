import AnnouncerCore
import AnnouncerProtocol
import Foundation
import TestSupport
import Testing

/// One client's own assertive announcements keep their order, whatever the hold limit: the server in
/// this process, on the fake engine.
struct AssertiveHoldOnFakeEngineTests {
    @Test("The same client's next assertive announcement waits for its long one, in order")
    func sameClientKeepsItsOrder() throws {
        // 60 words of 40 ms: the long one speaks for 2.4 s, well past the 0.5 s limit.
        var policy = LiveRegionPolicy.standard
        policy.assertiveHoldLimit = .milliseconds(500)
        let server = try InProcessServer(policy: policy, samplesPerWord: 882)
        defer { server.stop() }
        let client = try SocketClient(path: server.socketPath)
        _ = client.request(#"{"request":"subscribe"}"#)
        let long = String(repeating: "A long text of my own. ", count: 12)
        let first = try #require(client.request(#"{"request":"speak","politeness":"assertive","rate":450,"text":"\#(long)"}"#)?.id)
        let second = try #require(client.request(#"{"request":"speak","politeness":"assertive","rate":450,"text":"My next one"}"#)?.id)
        let events = client.readEvents(until: isEnd(of: second), timeout: 60)
        let firstEnd = try #require(events.first(where: isEnd(of: first)))
        #expect(firstEnd.outcome == .spoken, "\(firstEnd)")
        #expect(events.last?.outcome == .spoken)
    }
}
