@testable import ATDriver
import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOWebSocket
import Testing

/// The server on a real loopback port, chosen by the system, with a WebSocket client on NIO's own upgrader:
/// the upgrade, the frames and the session as a harness meets them.
@Suite("AT Driver server", .serialized)
final class ATDriverServerTests {
    let backend = FakeBackend()
    let server: ATDriverServer
    let clients = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    init() throws {
        server = try ATDriverServer.start(port: 0, backend: backend, logger: Logger(label: "test"))
    }

    deinit {
        server.close()
        try? clients.syncShutdownGracefully()
    }

    /// A client upgraded to a WebSocket at /session.
    private func connect() throws -> WebSocketTestClient {
        let client = try WebSocketTestClient.connect(port: server.port, group: clients)
        guard case .upgraded = client.next() else { throw ClientFailure.notUpgraded }
        return client
    }

    private enum ClientFailure: Error { case notUpgraded }

    /// Should open a session over a real WebSocket, send the keys of pressKeys to the backend before answering,
    /// and send what the screen reader says as an event on that WebSocket.
    @Test("Over a WebSocket at /session: session.new, pressKeys reaching the backend, then captured speech as an event")
    func sessionOverWebSocket() throws {
        let client = try connect()
        let opened = try WireMessage<ATDriverSessionNewResult>(try #require(client.exchange(#"{"id":1,"method":"session.new","params":{"capabilities":{}}}"#)))
        #expect(opened.result?.capabilities.atName == "orca")
        #expect(client.exchange(#"{"id":2,"method":"interaction.userIntent","params":{"name":"pressKeys","keys":["\uE004"]}}"#) == #"{"id":2,"result":{}}"#)
        #expect(backend.pressed == [["\u{E004}"]])
        #expect(backend.speak(ATDriverCapturedOutput(text: "Submit, button", keySent: 10, firstAudio: 95.5)))
        #expect(client.nextText() == #"{"method":"interaction.capturedOutput","params":{"announcer:timing":{"firstAudio":95.5,"keySent":10},"data":"Submit, button"}}"#)
    }

    /// Should refuse any path but /session with 404, as the specification's "service not available", and not upgrade.
    @Test("A WebSocket at any other path is refused with 404")
    func otherPathIsNotFound() throws {
        let client = try WebSocketTestClient.connect(port: server.port, path: "/other", group: clients)
        guard case let .answered(status) = client.next() else { Issue.record("expected an HTTP answer"); return }
        #expect(status == .notFound)
    }

    /// Should answer a ping with a pong that carries the ping's data.
    @Test("A ping is answered with a pong carrying its data")
    func pingIsAnswered() throws {
        let client = try connect()
        client.send(.ping, ByteBuffer(string: "still there?"))
        guard case let .frame(frame) = client.next() else { Issue.record("expected a frame"); return }
        #expect(frame.opcode == .pong)
        #expect(String(buffer: frame.unmaskedData) == "still there?")
    }

    /// Should return a client's close frame with its status code, close the connection, and end its session.
    @Test("A close frame is returned, and closing ends the session")
    func closeEndsTheSession() throws {
        let client = try connect()
        #expect(client.exchange(#"{"id":1,"method":"session.new"}"#)?.contains("sessionId") == true)
        var code = ByteBuffer()
        code.write(webSocketErrorCode: .normalClosure)
        client.send(.connectionClose, code)
        guard case let .frame(frame) = client.next() else { Issue.record("expected the close frame back"); return }
        #expect(frame.opcode == .connectionClose)
        var data = frame.unmaskedData
        #expect(data.readWebSocketErrorCode() == .normalClosure)
        guard case .closed = client.next() else { Issue.record("expected the connection to close"); return }
        #expect(backend.waitForStop(), "closing the connection did not stop capturing")
        #expect(backend.stops == 1)
        // The session is over: another connection may start one.
        #expect(try connect().exchange(#"{"id":1,"method":"session.new"}"#)?.contains("sessionId") == true)
    }

    /// Should refuse a second session from another connection while the first is open.
    @Test("A second connection cannot open a session while the first holds one")
    func secondConnectionIsRefusedASession() throws {
        let first = try connect()
        #expect(first.exchange(#"{"id":1,"method":"session.new"}"#)?.contains("sessionId") == true)
        let second = try connect()
        let refused = try WireMessage<AnyResult>(try #require(second.exchange(#"{"id":1,"method":"session.new"}"#)))
        #expect(refused.error == .sessionNotCreated)
    }

    /// Should say, in one sentence, that the port is taken when another server listens on it.
    @Test("Starting on a port in use fails with a sentence naming the port")
    func portInUseIsRefused() {
        #expect(throws: ATDriverServerError.portInUse(host: "127.0.0.1", port: server.port)) {
            try ATDriverServer.start(port: self.server.port, backend: FakeBackend(), logger: Logger(label: "test"))
        }
        #expect(ATDriverServerError.portInUse(host: "127.0.0.1", port: 4382).description
            == "Port 4382 on 127.0.0.1 is already in use; is another AT Driver server running?")
    }

    /// Should end the open session when the server closes, and return from waitUntilClosed.
    @Test("Closing the server ends the open session and lets waitUntilClosed return")
    func serverCloseEndsTheSession() throws {
        let client = try connect()
        #expect(client.exchange(#"{"id":1,"method":"session.new"}"#)?.contains("sessionId") == true)
        server.close()
        server.waitUntilClosed()
        #expect(backend.stops == 1)
        #expect(!backend.isCapturing)
    }
}
