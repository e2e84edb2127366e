import AnnouncerClient
import AnnouncerEngine
import AnnouncerServer
import Foundation
import Logging
import NIOPosix

/// An `AnnouncementServer` inside this process, on a private socket in /tmp, using this process's engine.
final class BenchmarkServer: Sendable {
    /// The server of this process, started on first use, on the null sink.
    static let shared = BenchmarkServer(sink: .null)

    let socketPath: String
    let engine: SpeechEngine
    private let server: AnnouncementServer
    private let directory: String

    /// Starts the server, as `announcerd` does; ends the process, which fails the run, if it cannot.
    private init(sink: BenchmarkSink) {
        // The engine first: resident memory is read just before it starts, so all the server adds is counted.
        engine = SharedEngine.engine(for: EngineChoice(sink: sink))
        var template = Array("/tmp/announcer-bench.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            print("FAILED: could not make a private directory in /tmp for the server's socket.")
            exit(1)
        }
        directory = String(cString: made)
        socketPath = directory + "/announcer.sock"
        var logger = Logger(label: "announcer.benchmarks.server")
        logger.logLevel = .warning
        // The throughput benchmark sends far more than one client may by default; it measures the
        // server's work per request, not the per-client limits, so they are lifted as --no-client-limits does.
        var configuration = ServerConfiguration(socketPath: socketPath)
        configuration.clientLimits.rate = nil
        configuration.clientLimits.maxPending = nil
        let sockets: ClaimedSockets
        do throws(ServerStartError) {
            sockets = try AnnouncementServer.claimSockets(for: configuration, logger: logger)
        } catch {
            print("FAILED: the server could not claim its socket: \(error)")
            exit(1)
        }
        server = AnnouncementServer(engine: engine, sockets: sockets, configuration: configuration, logger: logger)
        do throws(ServerStartError) {
            try server.start()
        } catch {
            print("FAILED: the server did not start: \(error)")
            exit(1)
        }
    }

    /// How many clients the server counts as connected.
    var connectionCount: Int { server.connectionCount }

    /// Opens `count` client connections on the caller's event-loop group; ends the process, which fails the run,
    /// if one cannot connect.
    func connect(_ count: Int, sharing group: MultiThreadedEventLoopGroup) -> [ServerConnection] {
        (0..<count).map { _ in
            do throws(ClientError) {
                return try ServerConnection.connect(to: socketPath, sharing: group)
            } catch {
                print("FAILED: a client could not connect: \(error)")
                exit(1)
            }
        }
    }

    /// Stops the server as `announcerd` does at SIGTERM, and removes its directory. The engine speaks no more after it.
    func stop() {
        server.shutdown()
        rmdir(directory)
    }
}
