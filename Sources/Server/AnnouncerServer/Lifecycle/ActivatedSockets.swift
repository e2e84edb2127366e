import Glibc

/// The listening sockets systemd handed this process (socket activation: `LISTEN_FDS`, `LISTEN_PID`),
/// each with the path it is bound to.
///
/// systemd creates the socket files and keeps them across restarts of the server, so an activated
/// socket is adopted as it is: never locked, re-bound or removed by announcerd.
public struct ActivatedSockets: Sendable {
    /// One socket systemd passed: its descriptor and the Unix path it listens on.
    public struct Socket: Sendable, Equatable {
        public let descriptor: CInt
        public let path: String
    }

    /// The first descriptor systemd passes (`SD_LISTEN_FDS_START`).
    static let firstDescriptor: CInt = 3

    public let sockets: [Socket]

    /// None: the server binds its own sockets.
    public static let none = ActivatedSockets(sockets: [])

    init(sockets: [Socket]) { self.sockets = sockets }

    /// Takes the sockets systemd passed to this process, as `sd_listen_fds(1)` does: only when
    /// `LISTEN_PID` names this process, and the variables are cleared so no child of it takes them too.
    public static func take() throws(ServerStartError) -> ActivatedSockets {
        defer {
            unsetenv("LISTEN_PID")
            unsetenv("LISTEN_FDS")
            unsetenv("LISTEN_FDNAMES")
        }
        guard let pid = getenv("LISTEN_PID").flatMap({ pid_t(String(cString: $0)) }), pid == getpid(),
              let count = getenv("LISTEN_FDS").flatMap({ Int32(String(cString: $0)) }), count > 0 else { return .none }
        var sockets: [Socket] = []
        for descriptor in firstDescriptor..<(firstDescriptor + count) {
            // Not passed on to the synthesis workers this server starts.
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            sockets.append(Socket(descriptor: descriptor, path: try listeningPath(of: descriptor)))
        }
        return ActivatedSockets(sockets: sockets)
    }

    /// The Unix path a passed descriptor listens on, or why announcerd cannot serve it.
    private static func listeningPath(of descriptor: CInt) throws(ServerStartError) -> String {
        let name = "the socket systemd passed as descriptor \(descriptor)"
        var type: CInt = 0
        var listening: CInt = 0
        var size = socklen_t(MemoryLayout<CInt>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_TYPE, &type, &size) == 0 else {
            throw .activation(socket: name, problem: "it is not a socket")
        }
        size = socklen_t(MemoryLayout<CInt>.size)
        guard type == CInt(SOCK_STREAM.rawValue),
              getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0, listening != 0 else {
            throw .activation(socket: name, problem: "it is not a listening stream socket; use ListenStream= with Accept=no")
        }
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0, address.sun_family == sa_family_t(AF_UNIX) else {
            throw .activation(socket: name, problem: "it is not a Unix domain socket, and announcerd serves only those")
        }
        let path = withUnsafeBytes(of: address.sun_path) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard path.hasPrefix("/") else {
            throw .activation(socket: name, problem: "it has no path in the file system; give ListenStream= a path")
        }
        return path
    }
}
