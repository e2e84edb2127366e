public import Foundation

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

        // The caller waits for its pipes to close; whatever it gave this process beyond standard input,
        // output and error must not live on in the server.
        closeInheritedDescriptorsOnExec()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A session of its own: the client's Ctrl-C or its terminal closing must not end the server.
        // glibc's POSIX_SPAWN_SETSID (0x80) is a GNU extension that Swift's Glibc module does not import.
        let setSession: Int32 = 0x80
        posix_spawnattr_setflags(&attributes, Int16(setSession | POSIX_SPAWN_SETSIGMASK))
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        guard status == 0 else {
            throw AutospawnFailure("announcerd could not start itself in the background: \(String(cString: strerror(status))).")
        }
        let deadline = ContinuousClock.now + listenTimeout
        while ContinuousClock.now < deadline {
            if serverAnswers(at: socketPath) { return child }
            var exitStatus: Int32 = 0
            if waitpid(child, &exitStatus, WNOHANG) == child {
                throw AutospawnFailure("The server announcerd started in the background ended before it listened on \(socketPath); its log is in \(logPath).")
            }
            usleep(5_000)
        }
        throw AutospawnFailure("The server announcerd started in the background did not listen on \(socketPath) within \(listenTimeout.components.seconds) seconds; its log is in \(logPath).")
    }
}

/// Marks every open descriptor above standard error close-on-exec, so the spawned server inherits none.
private func closeInheritedDescriptorsOnExec() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in names.compactMap(Int32.init) where descriptor > 2 {
        let flags = fcntl(descriptor, F_GETFD)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
    }
}

/// Why autospawn failed, in one sentence for the client that asked.
public struct AutospawnFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
