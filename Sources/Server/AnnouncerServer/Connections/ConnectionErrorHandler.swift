import Logging
import NIOCore

/// Ends a connection whose transport failed, with a debug line; never the server.
final class ConnectionErrorHandler: ChannelInboundHandler {
    typealias InboundIn = NIOAny
    private let logger: Logger
    init(logger: Logger) { self.logger = logger }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        logger.debug("A connection ended with an error.", metadata: ["connection.error": "\(error)"])
        context.close(promise: nil)
    }
}
