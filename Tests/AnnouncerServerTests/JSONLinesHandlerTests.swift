import AnnouncerCore
import AnnouncerEngine
import AnnouncerProtocol
@testable import AnnouncerServer
import Foundation
import Logging
import NIOCore
import NIOEmbedded
import Testing

/// The JSON-lines handler carrying out its session's actions on an EmbeddedChannel, with an engine on
/// fake speech and the null sink behind it: no process, no socket. Requests here follow no events, since events
/// come from the scheduler's thread and an EmbeddedChannel belongs to one thread.
@Suite("JSON-lines handler", .serialized)
final class JSONLinesHandlerTests {
    let connection: EmbeddedConnection

    init() throws { connection = try EmbeddedConnection { JSONLinesHandler(context: $0, client: $1) } }

    var engine: SpeechEngine { connection.engine }

    /// Sends one line and returns every line written back.
    private func exchange(_ line: String) throws -> [String] {
        try connection.exchange(line, ending: "\n").split(separator: "\n").map(String.init)
    }

    /// Should make a pause of everyone the connection's own, ending when it closes.
    @Test("pause with all is this connection's pause of everyone, and ends when the connection closes")
    func pauseAllEndsWithTheConnection() throws {
        #expect(try exchange(#"{"request":"pause","all":true}"#) == [#"{"reply":"pause","ok":true}"#])
        #expect(engine.scheduler.status().paused.everyone?.sender == connection.client.clientID)
        try connection.channel.close().wait()
        connection.channel.embeddedEventLoop.run()
        #expect(engine.scheduler.status().paused == .nobody)
    }

    /// Should answer each request with exactly one reply line that the wire types read back.
    @Test("A speak is answered with its id, once, and reaches the engine's queue")
    func speakIsAnsweredWithItsID() throws {
        let replies = try exchange(#"{"request":"speak","text":"Lagret","lang":"nb","rate":450,"id":"saved-1"}"#)
        #expect(replies == [#"{"reply":"speak","ok":true,"id":"saved-1"}"#])
        let done = DispatchSemaphore(value: 0)
        engine.scheduler.whenIdle { done.signal() }
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(engine.scheduler.status().endedByOutcome[.spoken] == 1)
    }

    /// Should give a status that a client reads with StatusBody, naming the sink and what waits.
    @Test("status is one reply that decodes as StatusBody")
    func statusDecodes() throws {
        let replies = try exchange(#"{"request":"status"}"#)
        try #require(replies.count == 1)
        let status = try JSONDecoder().decode(Reply<StatusBody>.self, from: Data(replies[0].utf8)).body
        #expect(status.sink == "null")
        #expect(status.waiting == WaitingCounts(assertive: 0, polite: 0))
        #expect(status.clientList.map(\.wireProtocol) == [.json])
    }

    /// Should keep a connection's defaults for its later requests and say what they are.
    @Test("defaults are kept and echoed; a bad line and an overlong one each get one refusal")
    func defaultsAndRefusals() throws {
        #expect(try exchange(#"{"request":"defaults","lang":"nb","politeness":"assertive"}"#)
            == [#"{"reply":"defaults","ok":true,"lang":"nb","politeness":"assertive","punctuation":"some"}"#])
        let bad = try exchange("{nope")
        try #require(bad.count == 1)
        #expect(bad[0].hasPrefix(#"{"reply":null,"ok":false,"error":"invalid_json""#))
        let long = try exchange(#"{"request":"speak","text":""# + String(repeating: "a", count: 300) + #""}"#)
        try #require(long.count == 1)
        #expect(long[0].hasPrefix(#"{"reply":null,"ok":false,"error":"line_too_long""#))
        #expect(try exchange("") == [])
    }
}
