import Synchronization

/// Socket paths this server holds: locked, cleared of stale files, removed again at shutdown.
public final class ClaimedSockets: Sendable {
    struct Socket: Sendable {
        let file: SocketFileGuard
        let ssipOnly: Bool
    }

    let sockets: [Socket]
    private let released = Atomic<Bool>(false)

    init(sockets: [Socket]) { self.sockets = sockets }

    /// The paths, in the order they were claimed.
    public var paths: [String] { sockets.map(\.file.path) }

    /// Removes the socket files and gives up their locks; only the first call does anything.
    public func release() {
        guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
        for socket in sockets { socket.file.release() }
    }
}
