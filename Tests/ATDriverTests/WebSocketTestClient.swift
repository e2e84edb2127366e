import Dispatch
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import Synchronization

/// A minimal WebSocket client on NIO's own client upgrader, to talk to a real server on loopback as a test
/// harness would: it asks for an upgrade at a path, then sends masked frames and hands back what arrives.
final class WebSocketTestClient: Sendable {
    /// What the client saw, in order.
    enum Event: Sendable {
        /// The server switched protocols to WebSocket.
        case upgraded
        /// The server answered with this status instead.
        case answered(HTTPResponseStatus)
        case frame(WebSocketFrame)
        case closed
    }

    let channel: any Channel
    private let inbox: Inbox

    private init(channel: any Channel, inbox: Inbox) {
        self.channel = channel
        self.inbox = inbox
    }

    /// Connects to 127.0.0.1 at `port` and asks for a WebSocket at `path`; `next` then tells how it went.
    static func connect(port: Int, path: String = "/session", group: any EventLoopGroup) throws -> WebSocketTestClient {
        let inbox = Inbox()
        let channel = try ClientBootstrap(group: group).channelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                let upgrader = NIOWebSocketClientUpgrader(upgradePipelineHandler: { channel, _ in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(FrameCollector(inbox: inbox))
                        inbox.put(.upgraded)
                    }
                })
                try channel.pipeline.syncOperations.addHTTPClientHandlers(withClientUpgrade: (
                    upgraders: [upgrader],
                    completionHandler: { context in _ = context.pipeline.syncOperations.removeHandler(name: UpgradeRequester.name) }
                ))
                try channel.pipeline.syncOperations.addHandler(UpgradeRequester(path: path, port: port, inbox: inbox), name: UpgradeRequester.name)
            }
        }.connect(host: "127.0.0.1", port: port).wait()
        channel.closeFuture.whenComplete { _ in inbox.put(.closed) }
        return WebSocketTestClient(channel: channel, inbox: inbox)
    }

    /// Sends one frame, masked as a client's must be.
    func send(_ opcode: WebSocketOpcode, _ data: ByteBuffer) {
        channel.writeAndFlush(WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data), promise: nil)
    }

    func send(_ text: String) {
        send(.text, ByteBuffer(string: text))
    }

    /// The next thing that happened, waiting up to `timeout` seconds for it; nil when nothing did.
    func next(timeout: Double = 10) -> Event? {
        inbox.next(timeout: timeout)
    }

    /// The next text frame's text; nil when the next thing is anything else, or nothing comes.
    func nextText(timeout: Double = 10) -> String? {
        guard case let .frame(frame) = next(timeout: timeout), frame.opcode == .text else { return nil }
        return String(buffer: frame.unmaskedData)
    }

    /// Sends `json` and returns the next text that arrives.
    func exchange(_ json: String) -> String? {
        send(json)
        return nextText()
    }

    func close() {
        try? channel.close().wait()
    }

    /// What arrived, for a test thread to wait on.
    private final class Inbox: Sendable {
        private let events = Mutex<[Event]>([])
        private let arrived = DispatchSemaphore(value: 0)

        func put(_ event: Event) {
            events.withLock { $0.append(event) }
            arrived.signal()
        }

        func next(timeout: Double) -> Event? {
            guard arrived.wait(timeout: .now() + timeout) == .success else { return nil }
            return events.withLock { $0.removeFirst() }
        }
    }

    /// Sends the upgrade request once connected (NIO's upgrade handler adds the WebSocket headers), and reports
    /// the answer when it is not an upgrade.
    private final class UpgradeRequester: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPClientResponsePart
        typealias OutboundOut = HTTPClientRequestPart

        static let name = "test.upgrade-requester"

        private let path: String
        private let port: Int
        private let inbox: Inbox

        init(path: String, port: Int, inbox: Inbox) {
            self.path = path
            self.port = port
            self.inbox = inbox
        }

        func channelActive(context: ChannelHandlerContext) {
            let headers = HTTPHeaders([("Host", "127.0.0.1:\(port)"), ("Content-Length", "0")])
            context.write(Self.wrapOutboundOut(.head(HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers))), promise: nil)
            context.writeAndFlush(Self.wrapOutboundOut(.end(nil)), promise: nil)
            context.fireChannelActive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            if case let .head(response) = Self.unwrapInboundIn(data) { inbox.put(.answered(response.status)) }
        }
    }

    /// Hands every frame that arrives to the inbox.
    private final class FrameCollector: ChannelInboundHandler {
        typealias InboundIn = WebSocketFrame

        private let inbox: Inbox

        init(inbox: Inbox) {
            self.inbox = inbox
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            inbox.put(.frame(Self.unwrapInboundIn(data)))
        }
    }
}
