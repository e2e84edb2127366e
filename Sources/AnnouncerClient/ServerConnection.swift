import Dispatch
import Glibc
import NIOCore
import NIOPosix
import Synchronization

/// A JSON-lines connection to a running `announcerd`, used from ordinary blocking code.
///
/// SwiftNIO reads on its own thread; lines wait in an inbox until `nextLine()` takes them.
public final class ServerConnection: Sendable {
    public let path: String
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let inbox: LineInbox

    /// Connects to the server at `path`. Throws `.noServer` when none listens there.
    public static func connect(to path: String) throws(ClientError) -> ServerConnection {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let inbox = LineInbox()
        do {
            let channel = try ClientBootstrap(group: group)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(LineCollector(inbox: inbox))
                    }
                }
                .connect(unixDomainSocketPath: path)
                .wait()
            return ServerConnection(path: path, group: group, channel: channel, inbox: inbox)
        } catch {
            try? group.syncShutdownGracefully()
            if let io = error as? IOError, [ENOENT, ECONNREFUSED, ENOTDIR].contains(io.errnoCode) {
                throw .noServer(path: path)
            }
            if case .connectTimeout = error as? ChannelError { throw .noServer(path: path) }
            let reason = (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)"
            throw .cannotConnect(path: path, reason: reason)
        }
    }

    private init(path: String, group: MultiThreadedEventLoopGroup, channel: any Channel, inbox: LineInbox) {
        self.path = path
        self.group = group
        self.channel = channel
        self.inbox = inbox
    }

    /// Sends one request line; the newline is added here.
    public func send(_ line: String) throws(ClientError) {
        var buffer = channel.allocator.buffer(capacity: line.utf8.count + 1)
        buffer.writeString(line)
        buffer.writeString("\n")
        do { try channel.writeAndFlush(buffer).wait() } catch { throw .connectionClosed }
    }

    /// The next line from the server, waiting for it; nil once the server closed the connection.
    public func nextLine() -> String? { inbox.take() }

    /// Sends a request and returns its reply, passing over any event lines that come first to `onEvent`.
    public func request(_ line: String, onEvent: (ServerLine) -> Void = { _ in }) throws(ClientError) -> ServerLine {
        try send(line)
        while let text = nextLine() {
            let message = ServerLine(text)
            if message.isReply { return message }
            onEvent(message)
        }
        throw .connectionClosed
    }

    public func close() {
        try? channel.close().wait()
        try? group.syncShutdownGracefully()
    }
}

/// Lines received and not yet taken, with a wait for the next one.
final class LineInbox: Sendable {
    private struct State {
        var lines: [String] = []
        var head = 0
        var closed = false
    }

    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)

    func put(_ line: String) {
        state.withLock { $0.lines.append(line) }
        available.signal()
    }

    func close() {
        state.withLock { $0.closed = true }
        available.signal()
    }

    func take() -> String? {
        while true {
            let next: String?? = state.withLock { state in
                if state.head < state.lines.count {
                    defer {
                        state.head += 1
                        if state.head > 1_024 { state.lines.removeFirst(state.head); state.head = 0 }
                    }
                    return .some(state.lines[state.head])
                }
                return state.closed ? .some(nil) : nil
            }
            if let next {
                if next == nil { available.signal() }  // Let any other waiter see the end too.
                return next
            }
            available.wait()
        }
    }
}

/// Splits what the server sends into lines for the inbox.
private final class LineCollector: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private let inbox: LineInbox
    private var partial: [UInt8] = []

    init(inbox: LineInbox) { self.inbox = inbox }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        for byte in buffer.readableBytesView {
            if byte == UInt8(ascii: "\n") {
                inbox.put(String(decoding: partial, as: UTF8.self))
                partial.removeAll(keepingCapacity: true)
            } else {
                partial.append(byte)
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        inbox.close()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
