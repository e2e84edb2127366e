import DequeModule
import NIOCore

/// Hands request lines on only while the connection's output is being read.
///
/// NIO's `BackPressureHandler` stops reading the socket once replies wait unread, but one read may
/// already hold thousands of requests; answering them all would pile megabytes of replies on a client
/// that does not read, and keep the event loop from everyone else. So lines that arrive while the
/// channel is not writable wait here, and go on, one at a time, when it is writable again.
final class ReadGate: ChannelDuplexHandler {
    typealias InboundIn = LineFrame
    typealias InboundOut = LineFrame
    typealias OutboundIn = Never

    private var held: Deque<LineFrame> = []

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let line = unwrapInboundIn(data)
        guard held.isEmpty, context.channel.isWritable else {
            held.append(line)
            return
        }
        context.fireChannelRead(wrapInboundOut(line))
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        release(context: context)
        context.fireChannelWritabilityChanged()
    }

    private func release(context: ChannelHandlerContext) {
        while context.channel.isWritable, let line = held.popFirst() {
            context.fireChannelRead(wrapInboundOut(line))
        }
    }
}
