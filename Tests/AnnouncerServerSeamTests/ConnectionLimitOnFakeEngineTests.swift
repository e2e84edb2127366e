import AnnouncerCore
import AnnouncerProtocol
import Foundation
import Glibc
import TestSupport
import Testing

/// The server in this process, on the fake engine, never serves more clients than it allows.
struct ConnectionLimitOnFakeEngineTests {
    @Test("Past --max-clients a new connection is told so in one line and closed; when one leaves, the next is served")
    func maxClientsRefusesWithOneLine() throws {
        let server = try InProcessServer { $0.maxClients = 3 }
        defer { server.stop() }
        var served = try (0..<3).map { _ in try SocketClient(path: server.socketPath) }
        for client in served { #expect(client.request(.status)?.reply?.ok == true) }
        let refused = try SocketClient(path: server.socketPath)
        let line = try #require(refused.readLine(timeout: 5))
        #expect(line.contains(#""error":"too_many_clients""#) && line.contains("the most it allows"), "\(line)")
        #expect(refused.readLine(timeout: 2) == nil, "the refused connection is closed")
        #expect(server.logText.contains("The most clients --max-clients allows are connected: new connections are told so and closed until one leaves. Clients connected 3."), "\(server.logText)")

        // One leaves, and is told when the server has closed its side: the server counts it gone on its
        // one event-loop thread before that thread accepts the next connection.
        let leaving = served.removeLast()
        shutdown(leaving.descriptor, Int32(SHUT_WR))
        #expect(leaving.readLine(timeout: 5) == nil, "the server closes a connection whose client has finished sending")
        let next = try SocketClient(path: server.socketPath)
        #expect(next.request(.status)?.reply?.ok == true)
    }
}
