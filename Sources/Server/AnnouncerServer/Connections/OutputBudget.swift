import Logging
import NIOCore
import Synchronization

/// The replies and events waiting to be written across all connections, with one bound for them all.
///
/// Each connection has its own bounds (see `ConnectionOutput`); this one keeps many slow readers
/// together from growing the server's memory. Past it, the connection with the most waiting is
/// closed first: the laggards pay, never the announcements' own processing.
final class OutputBudget: Sendable {
    /// The most bytes that may wait unwritten across all connections.
    let limit: Int

    private struct Entry {
        var bytes: Int
        var close: @Sendable () -> Void
    }

    private let state = Mutex<(total: Int, entries: [ObjectIdentifier: Entry])>((0, [:]))
    private let logger: Logger?
    /// Per kind of news, how many are not yet logged and when its last line was written: at most one a second each.
    private let logged = Mutex<[LagNews: (unlogged: Int, at: NIODeadline)]>([:])

    /// What happened to slow readers, logged at most once a second per kind, with a count.
    enum LagNews: Hashable {
        case eventsCut, closedForLag, closedOverBudget
    }

    init(limit: Int, logger: Logger? = nil) {
        self.limit = limit
        self.logger = logger
    }

    /// Bytes waiting now, in all.
    var total: Int { state.withLock { $0.total } }

    /// A connection's output starts counting; `close` ends that connection when it is the laggard.
    func register(_ key: ObjectIdentifier, close: @escaping @Sendable () -> Void) {
        state.withLock { $0.entries[key] = Entry(bytes: 0, close: close) }
    }

    func unregister(_ key: ObjectIdentifier) {
        state.withLock { state in
            if let entry = state.entries.removeValue(forKey: key) { state.total -= entry.bytes }
        }
    }

    /// `bytes` now wait for `key`. Over the bound, the connections with the most waiting are closed
    /// until the rest fit; returns how many were closed.
    @discardableResult
    func set(_ bytes: Int, for key: ObjectIdentifier) -> Int {
        let laggards: [@Sendable () -> Void] = state.withLock { state in
            guard let old = state.entries[key]?.bytes else { return [] }
            state.entries[key]!.bytes = bytes
            state.total += bytes - old
            guard bytes > old, state.total > limit else { return [] }
            var closing: [@Sendable () -> Void] = []
            var remaining = state.total
            for (other, entry) in state.entries.sorted(by: { $0.value.bytes > $1.value.bytes }) where remaining > limit {
                remaining -= entry.bytes
                closing.append(entry.close)
                // Closed connections stop counting now, so the same laggard is not picked twice.
                state.total -= entry.bytes
                state.entries[other] = nil
            }
            return closing
        }
        for close in laggards { close() }
        if !laggards.isEmpty { report(.closedOverBudget, count: laggards.count) }
        return laggards.count
    }

    /// Logs `count` more of `news`: at once when nothing of its kind was logged in the last second,
    /// else counted into the next line.
    func report(_ news: LagNews, count: Int = 1) {
        let now = NIODeadline.now()
        let total: Int? = logged.withLock { logged in
            var entry = logged[news] ?? (0, .distantPast)
            entry.unlogged += count
            defer { logged[news] = entry }
            guard now - entry.at >= .seconds(1) else { return nil }
            defer { entry = (0, now) }
            return entry.unlogged
        }
        guard let total, let logger else { return }
        // One line a second at most for each kind of news, counting the connections since the last.
        switch news {
        case .eventsCut:
            logger.warning("Stopped sending events to each connection that did not read them.", metadata: [
                "connections.count": "\(total)", "connections.seconds_unread": "\(ReadingWatch.patience.nanoseconds / 1_000_000_000)",
            ])
        case .closedForLag:
            logger.warning(
                "Closed each connection that fell far behind: more replies and events were waiting for it than one connection may have.",
                metadata: ["connections.count": "\(total)"]
            )
        case .closedOverBudget:
            logger.warning(
                "Closed the connections with the most replies and events waiting unread, since all connections together had more than the server's bound.",
                metadata: ["connections.count": "\(total)", "server.bound_mib": "\(limit / 1_048_576)"]
            )
        }
    }
}
