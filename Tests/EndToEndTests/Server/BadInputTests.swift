import TestSupport
import AnnouncerCore
import AnnouncerProtocol
import Foundation
import Testing

/// Whatever one client sends, it gets a clear reply, and everyone else's announcements are still spoken.
/// The server's own logic behind these is tested in the test's process by `BadInputOnFakeEngineTests`.
@Suite(.serialized, .startsProcesses) struct BadInputTests {
    @Test("Each bad input gets its error code and a sentence, and another client is still spoken")
    func eachBadInputGetsItsErrorAndOthersAreSpoken() async throws {
        let server = try await ServerProcess.start(arguments: ["--max-line-length", "65536"])
        defer { server.end() }
        let bad = try SocketClient(path: server.socketPath)
        func code(after bytes: [UInt8]) -> ProtocolError.Code? {
            bad.send(bytes + [UInt8(ascii: "\n")])
            return bad.readReply()?.reply?.error
        }
        // The first line decides the protocol: JSON.
        #expect(code(after: Array(#"{"request":"status","extra":1}"#.utf8)) == .unknownField)
        #expect(code(after: [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x7D]) == .invalidUTF8)
        #expect(code(after: Array(#"{"request":"speak","text":"unfinished"#.utf8)) == .invalidJSON)
        #expect(code(after: Array(#"{"request":"dance"}"#.utf8)) == .unknownRequest)
        #expect(code(after: Array(#"{"request":"speak","text":"   "}"#.utf8)) == .emptyText)
        let huge = Array(#"{"request":"speak","text":""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: 70_000) + Array(#""}"#.utf8)
        bad.send(huge + [UInt8(ascii: "\n")])
        let tooLong = try #require(bad.readReply()?.reply)
        #expect(tooLong.error == .lineTooLong)
        #expect(tooLong.message?.contains("65536") == true)
        // The connection is still usable after all that.
        #expect(bad.request(.status)?.reply?.ok == true)

        // A client that goes away in the middle of a line.
        do {
            let quitter = try SocketClient(path: server.socketPath)
            quitter.send(#"{"request":"speak","text":"half a mess"#)
        }
        // A well-behaved client's announcement still ends spoken.
        #expect(try await speakAssertiveAndFollow("Still here", at: server.socketPath).last?.outcome == .spoken)
        #expect(server.process.isRunning)
    }
}
