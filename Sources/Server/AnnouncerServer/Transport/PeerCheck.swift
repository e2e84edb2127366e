import Glibc
import Logging
import NIOCore

/// Lets only processes of the server's own user talk to it, checked with `SO_PEERCRED`.
///
/// Nothing a peer sends is passed on until the kernel has vouched for it.
final class PeerCheck: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let allowedUID: UInt32
    private let logger: Logger
    /// Told who the peer is once it is let in.
    private let onVerified: (PeerCredentials) -> Void
    private var verified = false
    private var held: [NIOAny] = []

    init(allowedUID: UInt32 = geteuid(), logger: Logger, onVerified: @escaping (PeerCredentials) -> Void = { _ in }) {
        self.allowedUID = allowedUID
        self.logger = logger
        self.onVerified = onVerified
    }

    func channelActive(context: ChannelHandlerContext) {
        context.fireChannelActive()
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        PeerCredentials.of(context.channel).hop(to: context.eventLoop).whenComplete { result in
            let (handler, context) = loopBound.value
            handler.decide(result, context: context)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if verified { context.fireChannelRead(data) } else { held.append(data) }
    }

    private func decide(_ result: Result<PeerCredentials, any Error>, context: ChannelHandlerContext) {
        switch result {
        case let .success(peer) where peer.uid == allowedUID:
            verified = true
            onVerified(peer)
            let pending = held
            held = []
            for data in pending { context.fireChannelRead(data) }
            // The reads' completion went by while they were held; the handlers after this one act on it
            // (`ReadGate` takes its turn then), so it follows them again.
            if !pending.isEmpty { context.fireChannelReadComplete() }
            context.pipeline.syncOperations.removeHandler(self, promise: nil)
        case let .success(peer):
            logger.warning("Refused a connection from another user: only the server's own user may use it.", metadata: [
                "peer.user_id": "\(peer.uid)", "peer.process": "\(peer.pid)", "server.user_id": "\(allowedUID)",
            ])
            context.close(promise: nil)
        case .failure:
            logger.warning("Refused a connection whose user could not be checked.")
            context.close(promise: nil)
        }
    }
}
