public import AnnouncerProtocol
import Blocking
import Dispatch
import Glibc
import NIOCore
public import NIOPosix

/// A JSON-lines connection to a running `announcerd`, used from ordinary blocking code.
///
/// SwiftNIO reads on its own thread; lines wait in a queue until `nextLine()` takes them.
public final class ServerConnection: Sendable {
    public let path: String
    private let group: MultiThreadedEventLoopGroup
    /// Whether `close()` also shuts the event-loop group down: true unless the caller lent it.
    private let ownsGroup: Bool
    private let channel: any Channel
    private let inbox: BlockingQueue<String>

    /// Connects to the server at `path` with an event-loop thread of its own. Throws `.noServer` when none listens there.
    public static func connect(to path: String) throws(ClientError) -> ServerConnection {
        try connect(to: path, group: MultiThreadedEventLoopGroup(numberOfThreads: 1), ownsGroup: true)
    }

    /// Connects on an event-loop group the caller shares among many connections and shuts down itself.
    public static func connect(to path: String, sharing group: MultiThreadedEventLoopGroup) throws(ClientError) -> ServerConnection {
        try connect(to: path, group: group, ownsGroup: false)
    }

    private static func connect(to path: String, group: MultiThreadedEventLoopGroup, ownsGroup: Bool) throws(ClientError) -> ServerConnection {
        let inbox = BlockingQueue<String>()
        do {
            let channel = try ClientBootstrap(group: group)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(LineCollector(inbox: inbox))
                    }
                }
                .connect(unixDomainSocketPath: path)
                .wait()
            return ServerConnection(path: path, group: group, ownsGroup: ownsGroup, channel: channel, inbox: inbox)
        } catch {
            if ownsGroup { try? group.syncShutdownGracefully() }
            if let io = error as? IOError, [ENOENT, ECONNREFUSED, ENOTDIR].contains(io.errnoCode) {
                throw .noServer(path: path)
            }
            if case .connectTimeout = error as? ChannelError { throw .noServer(path: path) }
            let reason = (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)"
            throw .cannotConnect(path: path, reason: reason)
        }
    }

    private init(path: String, group: MultiThreadedEventLoopGroup, ownsGroup: Bool, channel: any Channel, inbox: BlockingQueue<String>) {
        self.path = path
        self.group = group
        self.ownsGroup = ownsGroup
        self.channel = channel
        self.inbox = inbox
    }

    /// Sends one request line; the newline is added here. With a timeout, gives up with `.noAnswer`
    /// when the server has not taken the line by then (a server that stops reading fills the socket).
    public func send(_ line: String, timeout seconds: Int? = nil) throws(ClientError) {
        var buffer = channel.allocator.buffer(capacity: line.utf8.count + 1)
        buffer.writeString(line)
        buffer.writeString("\n")
        let written = channel.writeAndFlush(buffer)
        guard let seconds else {
            do { try written.wait() } catch { throw .connectionClosed }
            return
        }
        let outcome = BlockingQueue<Bool>()
        written.whenComplete { result in outcome.append((try? result.get()) != nil) }
        switch outcome.take(until: .now() + .seconds(seconds)) {
        case .element(true): return
        case .element(false), .closed: throw .connectionClosed
        case .timedOut: throw .noAnswer(seconds: seconds)
        }
    }

    /// The next line from the server, waiting for it; nil once the server closed the connection.
    public func nextLine() -> String? { inbox.take() }

    /// The next line, waiting at most `seconds`: `.noAnswer` when none came, `.connectionClosed` at the end.
    public func nextLine(timeout seconds: Int) throws(ClientError) -> String {
        switch inbox.take(until: .now() + .seconds(seconds)) {
        case let .element(line): return line
        case .closed: throw .connectionClosed
        case .timedOut: throw .noAnswer(seconds: seconds)
        }
    }

    /// What `nextLine(waitingAtMost:)` found.
    public enum Waited: Sendable {
        case line(String)
        /// No line came within the time.
        case nothingYet
        /// The server closed the connection.
        case closed
    }

    /// The next line, if one comes within `limit`.
    public func nextLine(waitingAtMost limit: Duration) -> Waited {
        switch inbox.take(timeout: limit) {
        case let .element(line): .line(line)
        case .timedOut: .nothingYet
        case .closed: .closed
        }
    }

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

    /// Sends a request and returns its reply, passing over any event lines that come first to `onEvent`.
    public func request(_ request: JSONRequest, onEvent: (ServerLine) -> Void = { _ in }) throws(ClientError) -> ServerLine {
        try self.request(request.encoded, onEvent: onEvent)
    }

    public func close() {
        try? channel.close().wait()
        if ownsGroup { try? group.syncShutdownGracefully() }
    }
}

/// Splits what the server sends into lines for the inbox.
private final class LineCollector: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private let inbox: BlockingQueue<String>
    private var partial: [UInt8] = []

    init(inbox: BlockingQueue<String>) { self.inbox = inbox }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        for byte in buffer.readableBytesView {
            if byte == UInt8(ascii: "\n") {
                inbox.append(String(decoding: partial, as: UTF8.self))
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
