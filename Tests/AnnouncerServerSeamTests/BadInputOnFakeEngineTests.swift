import AnnouncerCore
import AnnouncerProtocol
import Foundation
import TestSupport
import Testing

/// Whatever one client sends, the server in this process, on the fake engine, holds it back and
/// everyone else's announcements are still spoken.
struct BadInputOnFakeEngineTests {
    @Test("A client that sends without reading is held back, and others are still spoken")
    func clientThatNeverReadsIsHeldBack() throws {
        let server = try InProcessServer()
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
        // A well-behaved client's announcement still ends spoken.
        #expect(try speakAssertiveAndFollow("Still here", at: server.socketPath).last?.outcome == .spoken)
        #expect(server.answers)
    }

    @Test("200 clients at once each get their reply and their announcement's one outcome")
    func twoHundredClientsAtOnce() throws {
        let server = try InProcessServer()
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
