import Logging
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Answers an HTTP request that did not become a WebSocket at `/session`, then closes the connection: 404
/// for any other path, as the specification's "the requested service is not available", and 426 for
/// `/session` without a WebSocket upgrade.
final class ATDriverHTTPRefusal: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// Its name in the pipeline, by which a completed upgrade removes it.
    static let name = "announcer.at-driver.http-refusal"

    private let logger: Logger
    private var refusal: (status: HTTPResponseStatus, version: HTTPVersion)?

    init(logger: Logger) {
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch Self.unwrapInboundIn(data) {
        case let .head(head):
            guard refusal == nil else { return }
            refusal = (head.resourcePath == "/session" ? .upgradeRequired : .notFound, head.version)
            logger.debug("AT Driver refused an HTTP request.", metadata: ["http.path": "\(head.resourcePath)"])
        case .body:
            break
        case .end:
            guard let (status, version) = refusal else { return }
            respond(status, version: version, context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A refused upgrade reports why, then passes its request on, which is answered here.
        if error is NIOWebSocketUpgradeError { return }
        logger.debug("AT Driver HTTP connection failed.", metadata: ["error": "\(error)"])
        context.close(promise: nil)
    }

    private func respond(_ status: HTTPResponseStatus, version: HTTPVersion, context: ChannelHandlerContext) {
        let body = ByteBuffer(string: status == .notFound
            ? "Not found: AT Driver serves WebSocket connections at /session.\n"
            : "AT Driver serves /session over WebSocket only; send a WebSocket upgrade.\n")
        var headers = HTTPHeaders([
            ("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", "\(body.readableBytes)"), ("Connection", "close"),
        ])
        if status == .upgradeRequired { headers.add(name: "Upgrade", value: "websocket") }
        context.write(Self.wrapOutboundOut(.head(HTTPResponseHead(version: version, status: status, headers: headers))), promise: nil)
        context.write(Self.wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(Self.wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}
