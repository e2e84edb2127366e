import TestSupport
import AnnouncerProtocol
import Foundation
import Testing

/// One long assertive text cannot hold the voice against another client's error, on a real server.
/// The server's own logic behind these is tested in the test's process by `AssertiveHoldOnFakeEngineTests`.
@Suite(.serialized, .startsProcesses) struct AssertiveHoldThroughServerTests {
    @Test("On a server started with no options, another client's assertive announcement cuts a minute-long one after 5 s, not 60")
    func longAssertiveTextIsCutForAnotherClient() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        let talker = try SocketClient(path: server.socketPath)
        let long = String(repeating: "This long assertive text would hold the voice for a minute. ", count: 60)
        let longID = try #require(talker.request(#"{"request":"speak","politeness":"assertive","text":"\#(long)"}"#)?.id)
        _ = await listener.events(until: isEvent(.firstAudio, of: longID), timeout: 20)
        // The long text has spoken a second before the error comes, so the 5 s it is cut after are the
        // error's wait behind it, not the long text's own time.
        // Not a wait: it paces the second client, which comes a second later.
        try await Task.sleep(for: .seconds(1))

        let other = try SocketClient(path: server.socketPath)
        let errorID = try #require(other.request(#"{"request":"speak","politeness":"assertive","text":"Error: wrong password"}"#)?.id)
        let events = await listener.events(until: isEvent(.firstAudio, of: errorID), timeout: 20)
        let cut = try #require(events.first(where: isEnd(of: longID)))
        #expect(cut.outcome == .interrupted)
        #expect(cut.by == errorID)
        #expect(cut.reason?.contains("had waited more than 5 s behind it") == true, "\(cut)")
        let firstAudio = try #require(events.last)
        let waited = try #require(firstAudio.latency?.value)
        #expect(waited > 4_900 && waited < 6_000, "the error began \(waited) ms after it arrived")
    }

}
