public import AnnouncerCore
public import AnnouncerEngine
import AnnouncerProtocol
public import AnnouncerVoices
public import Foundation
import Glibc
public import Logging
import NIOCore
import NIOPosix
import Synchronization

/// `announcerd`'s server: one engine shared by every client, on a Unix domain socket
/// that speaks JSON lines and SSIP, and optionally a second socket for SSIP alone.
///
/// SwiftNIO carries the bytes on its own event-loop thread; every queue decision stays
/// on the scheduler's serial Dispatch queue.
public final class AnnouncementServer: Sendable {
    let context: ServerContext
    private let group: MultiThreadedEventLoopGroup
    private let sockets: ClaimedSockets
    private let gate: ConnectionGate
    private let state = Mutex(State())

    private struct State {
        var listeners: [any Channel] = []
        var connections: [ObjectIdentifier: any Channel] = [:]
        var stopped = false
    }

    /// `limitsClock` is where the per-client limits read the time: the announcement and `status`
    /// allowances, and how long a subscriber has not read. announcerd leaves it the system's clock.
    public init(
        engine: SpeechEngine, sockets: ClaimedSockets, configuration: ServerConfiguration, logger: Logger,
        limitsClock: any MonotonicClock = SystemMonotonicClock()
    ) {
        self.sockets = sockets
        let router = EventRouter()
        engine.scheduler.addObserver(router)
        context = ServerContext(engine: engine, router: router, configuration: configuration, logger: logger, limitsClock: limitsClock)
        let context = self.context
        engine.scheduler.onNotice { context.log($0) }
        gate = ConnectionGate(maxClients: configuration.maxClients, logger: logger)
        // One event-loop thread is plenty for hundreds of clients sending short lines,
        // and keeps the second core free for synthesis and audio.
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    }

    public var configuration: ServerConfiguration { context.configuration }

    /// The directories that exist only for a server's socket, which it creates private when missing:
    /// announcer's own, and Speech Dispatcher's, which an autospawned or `--speechd-socket` server serves.
    private static func ownedDirectories(environment: [String: String]) -> Set<String> {
        let speechd = SocketLocation.speechDispatcherDefault(environment: environment)
        return [SocketLocation.standardDirectory(environment: environment), String(speechd[..<(speechd.lastIndex(of: "/") ?? speechd.startIndex)])]
    }

    /// Takes the socket paths before anything else starts, so a second server fails fast and
    /// says why, before it touches the audio device. Another live server is never displaced.
    /// `environment` gives the runtime folder (XDG_RUNTIME_DIR) of the directories above.
    public static func claimSockets(
        for configuration: ServerConfiguration, activated: ActivatedSockets = .none,
        environment: [String: String] = ProcessInfo.processInfo.environment, logger: Logger
    ) throws(ServerStartError) -> ClaimedSockets {
        let ownedDirectories = Self.ownedDirectories(environment: environment)
        var paths: [(path: String, ssipOnly: Bool)] = [(configuration.socketPath, false)]
        if let ssip = configuration.ssipSocketPath { paths.append((ssip, true)) }
        // A socket systemd passed at a path not configured here serves SSIP only, as Speech Dispatcher's does.
        for socket in activated.sockets where !paths.contains(where: { $0.path == socket.path }) {
            paths.append((socket.path, true))
        }
        // An event loop to probe a socket file left behind, made only when there is one: starting and
        // stopping its thread cost every start about 2 ms, and a file is left only after a crash.
        var probeGroup: MultiThreadedEventLoopGroup?
        defer { try? probeGroup?.syncShutdownGracefully() }
        let probing = {
            if let probeGroup { return probeGroup }
            let made = MultiThreadedEventLoopGroup(numberOfThreads: 1)
            probeGroup = made
            return made
        }
        var claimed: [ClaimedSockets.Socket] = []
        do throws(ServerStartError) {
            for (path, ssipOnly) in paths {
                if let passed = activated.sockets.first(where: { $0.path == path }) {
                    claimed.append(.init(path: path, origin: .activated(descriptor: passed.descriptor), ssipOnly: ssipOnly))
                    continue
                }
                let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
                let guardFile = try SocketFileGuard(
                    path: path,
                    privateDirectory: ownedDirectories.contains(directory) ? directory : nil,
                    probeGroup: probing
                )
                claimed.append(.init(path: path, origin: .claimed(guardFile), ssipOnly: ssipOnly))
                if guardFile.replacedStaleSocket {
                    logger.notice("Replaced a socket file left by a server that is no longer running.", metadata: ["socket.path": "\(path)"])
                }
            }
        } catch {
            ClaimedSockets(sockets: claimed).release()
            throw error
        }
        return ClaimedSockets(sockets: claimed)
    }

    /// Starts accepting connections on the claimed sockets.
    public func start() throws(ServerStartError) {
        do throws(ServerStartError) {
            for socket in sockets.sockets {
                let listener: any Channel
                do {
                    let descriptor: CInt
                    switch socket.origin {
                    case .claimed:
                        switch ListeningSocket.bind(path: socket.path, backlog: 256) {
                        case let .success(bound): descriptor = bound
                        case let .failure(failure): throw ServerStartError.cannotListen(path: socket.path, reason: failure.reason)
                        }
                    case let .activated(passed):
                        descriptor = passed
                    }
                    listener = try bootstrap(ssipOnly: socket.ssipOnly, listening: descriptor).withBoundSocket(descriptor).wait()
                } catch let error as ServerStartError {
                    throw error
                } catch {
                    let reason = (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)"
                    throw ServerStartError.cannotListen(path: socket.path, reason: reason)
                }
                state.withLock { $0.listeners.append(listener) }
                // systemd's SocketMode= sets an activated socket's mode.
                if case let .claimed(file) = socket.origin { try file.restrictSocketToOwner() }
            }
        } catch {
            let listeners = state.withLock { $0.listeners }
            for listener in listeners { try? listener.close().wait() }
            sockets.release()
            throw error
        }
    }

    /// Stops the server: no new connections or announcements; what waits is cancelled
    /// (its outcomes reach subscribers) or, with `drain`, spoken; then the audio device is
    /// closed and the socket files removed. Blocks until done. Call it once, off the event loop.
    /// announcerd takes the same steps one service at a time (`services(whenListening:)`).
    public func shutdown() {
        guard stopAccepting() else { return }
        settle()
        closeConnections()
        context.engine.finish()
        releaseSockets()
    }

    /// The first step of a stop: no new connections or announcements, and the listeners close.
    /// False, and nothing done, when the server was stopped already.
    @discardableResult
    func stopAccepting() -> Bool {
        guard state.withLock({ state in defer { state.stopped = true }; return !state.stopped }) else { return false }
        context.beginShutdown()
        let listeners = state.withLock { $0.listeners }
        for listener in listeners { try? listener.close().wait() }
        return true
    }

    /// What waits is cancelled, or with `drain` spoken; returns once the scheduler is idle.
    func settle() {
        if !context.configuration.drainOnShutdown { context.scheduler.cancel(.all) }
        context.scheduler.waitUntilIdle()
    }

    /// The last events are written, then every connection closes.
    func closeConnections() {
        // Events already handed to the event loop, including SSIP events held behind their
        // message's 225 reply, are written before the connections close.
        try? group.next().scheduleTask(in: .microseconds(SSIPSession.eventHold.microseconds) + .milliseconds(5)) {}.futureResult.wait()
        let connections = state.withLock { Array($0.connections.values) }
        for connection in connections { try? connection.close().wait() }
    }

    /// Removes the socket files and ends the event loop: the last step of a stop. Only the first call counts.
    public func releaseSockets() {
        sockets.release()
        try? group.syncShutdownGracefully()
    }

    /// Reloads the voice profiles, as SIGHUP asks. When any file has a problem the profiles stay as
    /// they were, so a half-edited file never changes how the server speaks; the problems are returned.
    public func reloadVoices(_ library: VoiceLibrary) -> Result<VoiceChanges, VoiceReloadRefusal> {
        guard library.problems.isEmpty else { return .failure(VoiceReloadRefusal(problems: library.problems)) }
        return .success(context.replaceVoices(library))
    }

    /// Reloads the voice profiles from `library`, as SIGHUP asks, and logs what changed or why they stay as they were.
    public func reloadVoicesOnHangup(_ library: VoiceLibrary) {
        switch reloadVoices(library) {
        case let .success(changes): context.logger.info("Reloaded the voice profiles on SIGHUP.", metadata: changes.metadata)
        case let .failure(refusal): context.logger.warning("The voice profiles were not reloaded on SIGHUP and stay as they were.", metadata: refusal.metadata)
        }
    }

    /// How many clients are connected now.
    public var connectionCount: Int { context.connections }

    // MARK: - Connections

    private func bootstrap(ssipOnly: Bool, listening: CInt) -> ServerBootstrap {
        let context = self.context
        let gate = self.gate
        // The server's one event loop serves every connection; their held lines take turns there.
        let turns = ReadTurns(eventLoop: group.next())
        return ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            // A crowd connecting at once is taken in a few turns of the event loop, not four a turn, so a
            // newcomer queued behind 200 does not wait 50 turns, each spent reading the crowd.
            .serverChannelOption(.maxMessagesPerRead, value: 64)
            // Out of descriptors, waiting connections are refused in one line instead of spinning on the error.
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(AcceptFailureHandler(gate: gate, listening: listening, ssipOnly: ssipOnly))
                }
            }
            .childChannelInitializer { [weak self] channel in
                channel.eventLoop.makeCompletedFuture {
                    guard gate.admit(connected: context.connections + 1) else {
                        var line = channel.allocator.buffer(capacity: 160)
                        line.writeString(gate.refusalLine(ssipOnly: ssipOnly))
                        channel.writeAndFlush(line).assumeIsolated().whenComplete { _ in channel.close(promise: nil) }
                        return
                    }
                    let client = context.connectionOpened()
                    self?.track(channel, client: client)
                    let operations = channel.pipeline.syncOperations
                    try operations.addHandler(PeerCheck(logger: context.logger) { context.identify(client, peer: $0) })
                    try operations.addHandler(BackPressureHandler())
                    try operations.addHandler(ByteToMessageHandler(LineFrameDecoder(maxLineLength: context.configuration.maxLineLength)))
                    try operations.addHandler(ReadGate(turns: turns) { dropped in
                        context.logger.notice(
                            "A client hung up with more requests unread than are handled after a hang-up; the rest were dropped.",
                            metadata: ["client.number": "\(client.number)", "client.requests_dropped": "\(dropped)"]
                        )
                    })
                    if ssipOnly {
                        try operations.addHandler(SSIPHandler(context: context, client: client))
                    } else {
                        try operations.addHandler(ProtocolSniffer(
                            json: { JSONLinesHandler(context: context, client: client) },
                            ssip: { SSIPHandler(context: context, client: client) }
                        ))
                    }
                    try operations.addHandler(ConnectionErrorHandler(logger: context.logger))
                }
            }
            .childChannelOption(.allowRemoteHalfClosure, value: false)
            // Small reads, one per connection in each turn of the event loop, so one read never brings
            // thousands of requests to handle at once, and 200 connections flooding together hold up
            // a newcomer's request by one small read each, not by everything they sent.
            .childChannelOption(.recvAllocator, value: AdaptiveRecvByteBufferAllocator(minimum: 1_024, initial: 4_096, maximum: 4_096))
            .childChannelOption(.maxMessagesPerRead, value: 1)
    }

    private func track(_ channel: any Channel, client: ClientAccount) {
        let key = ObjectIdentifier(channel)
        state.withLock { $0.connections[key] = channel }
        channel.closeFuture.whenComplete { [weak self, context] _ in
            context.connectionClosed(client)
            self?.state.withLock { _ = $0.connections.removeValue(forKey: key) }
        }
    }
}
