import TestSupport
import AnnouncerCore
import AnnouncerProtocol
import Foundation
import Testing

/// Whatever one client sends, it gets a clear reply, and everyone else's announcements are still spoken.
@Suite(.serialized) struct BadInputTests {
    /// A well-behaved client's announcement, which must still end spoken.
    private func wellBehavedAnnouncementIsSpoken(_ server: ServerProcess) throws {
        let client = try SocketClient(path: server.socketPath)
        let id = try #require(client.request(#"{"request":"speak","text":"Still here","politeness":"assertive","rate":450,"follow":true}"#)?.id)
        #expect(client.readEvents(until: isEnd(of: id)).last?.outcome == .spoken)
    }

    @Test("Each bad input gets its error code and a sentence, and another client is still spoken")
    func eachBadInputGetsItsErrorAndOthersAreSpoken() throws {
        let server = try ServerProcess(arguments: ["--max-line-length", "65536"])
        defer { server.stop() }
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
        try wellBehavedAnnouncementIsSpoken(server)
        #expect(server.process.isRunning)
    }

    @Test("A client that sends without reading is held back, and others are still spoken")
    func clientThatNeverReadsIsHeldBack() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let flooder = try SocketClient(path: server.socketPath)
        // Send status requests, whose replies are long, without reading any of them,
        // until the server stops reading: backpressure reaches the sender.
        var flags = fcntl(flooder.descriptor, F_GETFL)
        flags |= O_NONBLOCK
        _ = fcntl(flooder.descriptor, F_SETFL, flags)
        let request = Array(#"{"request":"status"}"#.utf8) + [UInt8(ascii: "\n")]
        var sentRequests = 0
        var blocked = false
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let count = request.withUnsafeBytes { send(flooder.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0 {
                blocked = true
                break
            }
            sentRequests += 1
        }
        #expect(blocked, "the server kept reading \(sentRequests) requests from a client that never read a reply")
        try wellBehavedAnnouncementIsSpoken(server)
        #expect(server.process.isRunning)
    }

    @Test("200 clients at once each get their reply and their announcement's one outcome")
    func twoHundredClientsAtOnce() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let listener = try SocketClient(path: server.socketPath)
        #expect(listener.request(.subscribe)?.reply?.ok == true)
        let clients = try (0..<200).map { _ in try SocketClient(path: server.socketPath) }
        // All send before any reads, so the server has 200 requests in flight at once.
        for (index, client) in clients.enumerated() {
            client.send(#"{"request":"speak","text":"Client \#(index) reporting","region":"crowd","rate":450}"# + "\n")
        }
        var ids: Set<AnnouncementID> = []
        for client in clients {
            if let id = client.readReply()?.id { ids.insert(id) }
        }
        #expect(ids.count == 200)
        var ended: [AnnouncementID: Int] = [:]
        _ = listener.readEvents(until: { event in
            if event.event == .ended, ids.contains(event.id) {
                ended[event.id, default: 0] += 1
            }
            return ended.count == ids.count
        }, timeout: 60)
        #expect(ended.count == 200)
        #expect(ended.values.allSatisfy { $0 == 1 })
    }
}
