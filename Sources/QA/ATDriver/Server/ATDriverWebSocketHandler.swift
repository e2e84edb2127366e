import Logging
import NIOCore
import NIOWebSocket

/// Serves one WebSocket at `/session`: text frames go to the runner as commands, pings are answered, and a
/// close is returned before the connection ends, which ends its session.
final class ATDriverWebSocketHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let runner: ATDriverCommandRunner
    private let logger: Logger
    private var connection: ATDriverWebSocketConnection?
    private var sentClose = false

    init(runner: ATDriverCommandRunner, logger: Logger) {
        self.runner = runner
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        connection = ATDriverWebSocketConnection(channel: context.channel)
        logger.debug("AT Driver connection opened.", metadata: ["connection.peer": "\(context.remoteAddress?.description ?? "unknown")"])
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = Self.unwrapInboundIn(data)
        guard let connection, !sentClose else { return }
        switch frame.opcode {
        case .text:
            runner.receive(Array(frame.unmaskedData.readableBytesView), from: connection)
        case .binary:
            runner.receiveBinary(from: connection)
        case .ping:
            context.writeAndFlush(Self.wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .connectionClose:
            // Return the peer's status code, as RFC 6455 asks, then end the connection once it is written.
            var data = frame.unmaskedData
            let code = data.readSlice(length: 2) ?? ByteBuffer()
            close(context: context, data: code)
        case .pong:
            break
        default:
            var code = ByteBuffer()
            code.write(webSocketErrorCode: .protocolError)
            close(context: context, data: code)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let connection { runner.connectionClosed(connection) }
        connection = nil
        logger.debug("AT Driver connection closed.")
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        logger.debug("AT Driver connection failed.", metadata: ["error": "\(error)"])
        context.close(promise: nil)
    }

    private func close(context: ChannelHandlerContext, data: ByteBuffer) {
        sentClose = true
        let frame = WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
        context.writeAndFlush(Self.wrapOutboundOut(frame)).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}
