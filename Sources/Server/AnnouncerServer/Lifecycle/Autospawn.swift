public import Foundation
import Spawning

/// Speech Dispatcher's autospawn, as python3-speechd and libspeechd use it.
///
/// When no server answers, those clients run `$SPEECHD_CMD --spawn --communication-method
/// unix_socket --socket-path PATH`, wait until it exits and its output pipes close, require exit
/// status 0, and then connect once, without retrying. So the spawning process starts the real
/// server in a session of its own, with its output going to a log file rather than to the client's
/// pipes, waits until that server accepts connections, and only then exits 0.
public enum Autospawn {
    /// How long the spawning process waits for the server it started to listen.
    public static let listenTimeout: Duration = .seconds(10)

    /// True when something accepts connections on the Unix socket at `path`.
    public static func serverAnswers(at path: String) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return connected == 0
    }

    /// Where a spawned server's log lines go: `$XDG_CACHE_HOME/announcer/announcerd.log`, else
    /// `~/.cache/announcer/announcerd.log`, as Speech Dispatcher keeps its log under `~/.cache`.
    public static func logPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp") + "/.cache"
        return cache + "/announcer/announcerd.log"
    }

    /// Starts this program again with `arguments`, detached, and returns once it answers at `socketPath`.
    /// Throws one sentence when it cannot be started, ends first, or does not listen in time.
    public static func startServer(arguments: [String], socketPath: String, logPath: String) throws(AutospawnFailure) -> pid_t {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        try? FileManager.default.createDirectory(atPath: (logPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)

        // The caller waits for its pipes to close: the server gets none of them (`ChildProcess` closes
        // every descriptor beyond standard input, output and error), and a session of its own, so the
        // client's Ctrl-C or its terminal closing does not end it.
        var server = ChildProcess(executable: executable, arguments: arguments)
        server.standardInput = .null
        server.standardOutput = .appending(logPath)
        server.group = .newSession
        let child: pid_t
        do throws(SpawnError) {
            child = try server.spawn()
        } catch {
            throw AutospawnFailure("announcerd could not start itself in the background: \(error.reason).")
        }
        let deadline = ContinuousClock.now + listenTimeout
        while ContinuousClock.now < deadline {
            if serverAnswers(at: socketPath) { return child }
            if ChildStatus.ifEnded(child) != nil {
                throw AutospawnFailure("The server announcerd started in the background ended before it listened on \(socketPath); its log is in \(logPath).")
            }
            usleep(5_000)
        }
        throw AutospawnFailure("The server announcerd started in the background did not listen on \(socketPath) within \(listenTimeout.components.seconds) seconds; its log is in \(logPath).")
    }
}

/// Why autospawn failed, in one sentence for the client that asked.
public struct AutospawnFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
