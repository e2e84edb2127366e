import Synchronization

/// Socket paths this server holds: locked, cleared of stale files, removed again at shutdown;
/// or adopted from systemd's socket activation, which keeps its files.
public final class ClaimedSockets: Sendable {
    struct Socket: Sendable {
        /// Where the listening socket comes from.
        enum Origin: Sendable {
            /// Bound by this server at a path it locked.
            case claimed(SocketFileGuard)
            /// Passed by systemd, already bound and listening.
            case activated(descriptor: CInt)
        }

        let path: String
        let origin: Origin
        let ssipOnly: Bool
    }

    let sockets: [Socket]
    private let released = Atomic<Bool>(false)

    init(sockets: [Socket]) { self.sockets = sockets }

    /// The paths, in the order they were claimed.
    public var paths: [String] { sockets.map(\.path) }

    /// The files this server made and removes when it stops: each socket it bound and its lock file.
    /// Sockets from systemd are not among them.
    public var ownedFiles: [String] {
        sockets.flatMap { socket -> [String] in
            if case .claimed = socket.origin { [socket.path, socket.path + ".lock"] } else { [] }
        }
    }

    /// True when systemd passed at least one of the sockets.
    public var anyActivated: Bool {
        sockets.contains { if case .activated = $0.origin { true } else { false } }
    }

    /// Removes the socket files and gives up their locks; only the first call does anything.
    public func release() {
        guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
        for socket in sockets {
            // An activated socket's file is systemd's: it stays for the next start.
            if case let .claimed(file) = socket.origin { file.release() }
        }
    }
}
