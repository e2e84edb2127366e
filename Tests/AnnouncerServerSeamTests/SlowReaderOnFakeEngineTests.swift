import AnnouncerCore
import AnnouncerProtocol
import SeamTestSupport
import TestSupport
import Testing

/// Clients that stop reading, and clients that ask for status without end, never stall the others:
/// the server in this process, on the fake engine.
struct SlowReaderOnFakeEngineTests {
    @Test("status and voices beyond 20 a second after a burst of 40 get a short refusal, and are answered again 50 ms later")
    func statusRequestsAreRateLimited() throws {
        let clock = ManualClock()
        let server = try InProcessServer(limitsClock: clock)
        defer { server.stop() }
        let client = try SocketClient(path: server.socketPath)
        let replies = (0..<60).compactMap { _ in client.request(.status)?.reply }
        let answered = replies.filter { $0.ok }.count
        let refused = replies.filter { $0.error == .throttled }
        #expect(replies.count == 60)
        // The clock stands still: exactly the burst is answered.
        #expect(answered == 40, "\(answered) of 60 answered")
        #expect(refused.first?.message?.contains("more than 20 times a second") == true)
        clock.advance(by: .milliseconds(49))
        #expect(client.request(.status)?.reply?.error == .throttled, "a token takes 50 ms to come back")
        clock.advance(by: .milliseconds(1))
        #expect(client.request(.status)?.reply?.ok == true)
    }

    @Test("A subscriber that stops reading has its events cut after 3 s with one notice, and its own replies still come")
    func nonReadingSubscriberIsCut() throws {
        let clock = ManualClock()
        let server = try InProcessServer(limitsClock: clock)
        defer { server.stop() }
        let subscriber = try SocketClient(path: server.socketPath)
        #expect(subscriber.request(.subscribe)?.reply?.ok == true)
        let speaker = try SocketClient(path: server.socketPath)
        // A steady flow of events the subscriber does not read, half a second of the server's clock
        // for each batch of 50: slower than would close it outright.
        var batch = 0
        while batch < 400, !server.logText.contains("Stopped sending events to") {
            speaker.send((0..<50).map { #"{"request":"speak","text":"Line \#(batch * 50 + $0) of a long log"}"# + "\n" }.joined())
            _ = (0..<50).compactMap { _ in speaker.readLine(timeout: 10) }
            batch += 1
            clock.advance(by: .milliseconds(500))
        }
        #expect(server.logText.contains("that did not read them. Connections count "), "\(server.logText.suffix(1_000))")
        #expect(server.logText.contains("; connections seconds unread 3."), "\(server.logText.suffix(1_000))")
        // Reading at last, it finds the notice after the events it did get, and its replies still come.
        var lines = 0
        var notice: String?
        while notice == nil, lines < 200_000, let line = subscriber.readLine(timeout: 5) {
            lines += 1
            if line.contains(#""error":"events_cut""#) { notice = line }
        }
        #expect(notice?.contains("subscribe again once it reads") == true, "read \(lines) lines")
        #expect(subscriber.request(#"{"request":"defaults"}"#)?.reply?.ok == true)
    }
}
