import TestSupport
import AnnouncerProtocol
import Foundation
import Testing

/// One long assertive text cannot hold the voice against another client's error, on a real server.
@Suite(.serialized) struct AssertiveHoldThroughServerTests {
    @Test("On a server started with no options, another client's assertive announcement cuts a minute-long one after 5 s, not 60")
    func longAssertiveTextIsCutForAnotherClient() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        let talker = try SocketClient(path: server.socketPath)
        let long = String(repeating: "This long assertive text would hold the voice for a minute. ", count: 60)
        let longID = try #require(talker.request(#"{"request":"speak","politeness":"assertive","text":"\#(long)"}"#)?.id)
        _ = listener.readEvents(until: isEvent(.firstAudio, of: longID), timeout: 20)
        Thread.sleep(forTimeInterval: 1)

        let other = try SocketClient(path: server.socketPath)
        let errorID = try #require(other.request(#"{"request":"speak","politeness":"assertive","text":"Error: wrong password"}"#)?.id)
        let events = listener.readEvents(until: isEvent(.firstAudio, of: errorID), timeout: 20)
        let cut = try #require(events.first(where: isEnd(of: longID)))
        #expect(cut.outcome == .interrupted)
        #expect(cut.by == errorID)
        #expect(cut.reason?.contains("had waited more than 5 s behind it") == true, "\(cut)")
        let firstAudio = try #require(events.last)
        let waited = try #require(firstAudio.latency?.value)
        #expect(waited > 4_900 && waited < 6_000, "the error began \(waited) ms after it arrived")
    }

    @Test("The same client's next assertive announcement waits for its long one, in order")
    func sameClientKeepsItsOrder() throws {
        let server = try ServerProcess(arguments: ["--assertive-hold-limit", "0.5"])
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
