import NIOCore
import NIOWebSocket

/// One WebSocket as the runner sees it: each message a text frame, written on the channel's event loop from any thread.
final class ATDriverWebSocketConnection: ATDriverConnection {
    private let channel: any Channel

    init(channel: any Channel) {
        self.channel = channel
    }

    func send(_ text: String) {
        // From another thread, NIO runs the write as a task on the channel's loop, in the order sent.
        channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: text)), promise: nil)
    }
}
