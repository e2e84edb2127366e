import Synchronization

/// Refusals by reason since the server started, across every client, closed ones included.
final class RefusalTotals: Sendable {
    private let counts = Mutex<[ClientRefusal: Int]>([:])

    func count(_ reason: ClientRefusal) { counts.withLock { $0[reason, default: 0] += 1 } }

    /// Every reason, in the order `ClientRefusal` lists them, with zero for those never counted.
    var byReason: [(ClientRefusal, Int)] {
        let counts = counts.withLock { $0 }
        return ClientRefusal.allCases.map { ($0, counts[$0] ?? 0) }
    }
}
