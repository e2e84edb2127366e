import Dispatch
import Glibc
public import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import Synchronization

/// The AT Driver server (w3c/at-driver): WebSocket connections at `/session`, one session at a time across all
/// of them, each command carried out on the backend.
///
/// SwiftNIO carries the connections on one event-loop thread of the server's own; the backend's calls run on
/// a serial queue, so a key press that takes seconds holds up no connection's pings or closing.
public final class ATDriverServer: Sendable {
    /// The port AT Driver servers listen on unless told otherwise.
    public static let defaultPort = 4382

    /// The address the server listens on.
    public let host: String
    /// The port it listens on: the one asked for, or the one the system chose when asked for 0.
    public let port: Int

    private let group: MultiThreadedEventLoopGroup
    private let listener: any Channel
    private let runner: ATDriverCommandRunner
    private let connections: Connections
    private let logger: Logger
    /// Entered at start, left once `close` has finished, for `waitUntilClosed`.
    private let running: DispatchGroup

    /// Starts listening on `host` and `port`; port 0 lets the system choose one, which `port` then gives.
    public static func start(
        host: String = "127.0.0.1", port: Int = defaultPort, backend: any ATDriverBackend, logger: Logger
    ) throws(ATDriverServerError) -> ATDriverServer {
        // One thread is plenty for the few connections a test harness opens, and leaves the other core to the screen reader.
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let runner = ATDriverCommandRunner(backend: backend, logger: logger)
        let connections = Connections()
        let listener: any Channel
        do {
            listener = try bootstrap(group: group, runner: runner, connections: connections, logger: logger)
                .bind(host: host, port: port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            if let error = error as? IOError, error.errnoCode == EADDRINUSE { throw .portInUse(host: host, port: port) }
            let reason = (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)"
            throw .cannotListen(host: host, port: port, reason: reason)
        }
        let server = ATDriverServer(
            host: host, port: listener.localAddress?.port ?? port, group: group, listener: listener,
            runner: runner, connections: connections, logger: logger
        )
        logger.info("AT Driver server listening.", metadata: ["server.host": "\(host)", "server.port": "\(server.port)"])
        return server
    }

    private init(
        host: String, port: Int, group: MultiThreadedEventLoopGroup, listener: any Channel,
        runner: ATDriverCommandRunner, connections: Connections, logger: Logger
    ) {
        self.host = host
        self.port = port
        self.group = group
        self.listener = listener
        self.runner = runner
        self.connections = connections
        self.logger = logger
        running = DispatchGroup()
        running.enter()
    }

    /// Stops listening, closes every connection, ends the open session (the backend stops capturing) and stops
    /// the event loop. Blocks until done, after any backend call under way. Call it off the event loop; calling
    /// it again does nothing.
    public func close() {
        guard connections.close() else { return }
        try? listener.close().wait()
        for channel in connections.open() { try? channel.close().wait() }
        runner.close()
        try? group.syncShutdownGracefully()
        logger.info("AT Driver server closed.")
        running.leave()
    }

    /// Blocks until `close` has finished.
    public func waitUntilClosed() {
        running.wait()
    }

    /// Blocks until `close` has finished or `timeout` has passed; true once closed.
    public func waitUntilClosed(timeout: Duration) -> Bool {
        let microseconds = timeout.components.seconds * 1_000_000 + timeout.components.attoseconds / 1_000_000_000_000
        return running.wait(timeout: .now() + .microseconds(Int(microseconds))) == .success
    }

    private static func bootstrap(
        group: MultiThreadedEventLoopGroup, runner: ATDriverCommandRunner, connections: Connections, logger: Logger
    ) -> ServerBootstrap {
        ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 16)
            // A server started again at once takes its port back from connections still in TIME_WAIT.
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    guard connections.track(channel) else { throw ChannelError.ioOnClosedChannel }
                    let upgrader = NIOWebSocketServerUpgrader(
                        maxFrameSize: 1 << 20,
                        shouldUpgrade: { channel, head in
                            channel.eventLoop.makeSucceededFuture(head.resourcePath == "/session" ? HTTPHeaders() : nil)
                        },
                        upgradePipelineHandler: { channel, _ in
                            channel.eventLoop.makeCompletedFuture {
                                try channel.pipeline.syncOperations.addHandlers(
                                    // Fragmented messages are joined, up to 1 MiB; pings and closes pass through.
                                    NIOWebSocketFrameAggregator(minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 256, maxAccumulatedFrameSize: 1 << 20),
                                    ATDriverWebSocketHandler(runner: runner, logger: logger)
                                )
                            }
                        }
                    )
                    let operations = channel.pipeline.syncOperations
                    try operations.configureHTTPServerPipeline(withServerUpgrade: (
                        upgraders: [upgrader],
                        completionHandler: { context in
                            _ = context.pipeline.syncOperations.removeHandler(name: ATDriverHTTPRefusal.name)
                        }
                    ))
                    try operations.addHandler(ATDriverHTTPRefusal(logger: logger), name: ATDriverHTTPRefusal.name)
                }
            }
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
    }

    /// The open connections, so that `close` can end them; once closed, new ones are refused.
    private final class Connections: Sendable {
        private struct State {
            var channels: [ObjectIdentifier: any Channel] = [:]
            var closed = false
        }

        private let state = Mutex(State())

        /// Keeps `channel` until it closes; false once the server is closing.
        func track(_ channel: any Channel) -> Bool {
            let key = ObjectIdentifier(channel)
            guard state.withLock({ state in
                guard !state.closed else { return false }
                state.channels[key] = channel
                return true
            }) else { return false }
            channel.closeFuture.whenComplete { _ in self.state.withLock { _ = $0.channels.removeValue(forKey: key) } }
            return true
        }

        /// Marks the server closing; false when it already was.
        func close() -> Bool {
            state.withLock { state in
                defer { state.closed = true }
                return !state.closed
            }
        }

        func open() -> [any Channel] {
            state.withLock { Array($0.channels.values) }
        }
    }
}
