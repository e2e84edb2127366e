import AnnouncerCore
import AnnouncerProtocol
import Foundation
import TestSupport
import Testing

/// Clients that stop reading, and clients that ask for status without end, never stall the others:
/// the server in this process, on the fake engine.
struct SlowReaderOnFakeEngineTests {
    @Test("status and voices beyond 20 a second after a burst of 40 get a short refusal, and are answered again a moment later")
    func statusRequestsAreRateLimited() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let client = try SocketClient(path: server.socketPath)
        let replies = (0..<60).compactMap { _ in client.request(.status)?.reply }
        let answered = replies.filter { $0.ok }.count
        let refused = replies.filter { $0.error == .throttled }
        #expect(replies.count == 60)
        #expect(answered >= 40 && answered < 60, "\(answered) of 60 answered")
        #expect(refused.first?.message?.contains("more than 20 times a second") == true)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(client.request(.status)?.reply?.ok == true)
    }

    @Test("A subscriber that stops reading has its events cut after 3 s with one notice, and its own replies still come")
    func nonReadingSubscriberIsCut() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let subscriber = try SocketClient(path: server.socketPath)
        #expect(subscriber.request(.subscribe)?.reply?.ok == true)
        let speaker = try SocketClient(path: server.socketPath)
        // A steady flow of events the subscriber does not read, slower than would close it outright.
        let flowing = Date()
        var batch = 0
        while Date().timeIntervalSince(flowing) < 30, !server.logText.contains("Stopped sending events to") {
            speaker.send((0..<50).map { #"{"request":"speak","text":"Line \#(batch * 50 + $0) of a long log"}"# + "\n" }.joined())
            _ = (0..<50).compactMap { _ in speaker.readLine(timeout: 10) }
            batch += 1
            Thread.sleep(forTimeInterval: 0.05)
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
