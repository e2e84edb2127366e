import AnnouncerCore
import Synchronization

/// The rate limit that one program's clients share: its connections together send no faster than
/// one client may (`ClientLimits.rate`), so a program cannot multiply its rate by opening connections.
final class ProgramRate: Sendable {
    private let bucket: Mutex<TokenBucket>
    private let lastThrottleLog = Mutex<MonotonicInstant?>(nil)
    /// How long after one of the program's connections is logged as throttled the others are not.
    static let throttleLogInterval: Duration = .seconds(10)

    init(rate: ClientLimits.Rate, at now: MonotonicInstant) {
        bucket = Mutex(TokenBucket(rate: rate, at: now))
    }

    /// Takes one token if there is one at `now`.
    func take(at now: MonotonicInstant) -> Bool { bucket.withLock { $0.take(at: now) } }

    /// True when a connection of this program beginning to be throttled at `now` is to be logged: none
    /// was within `throttleLogInterval`, so two hundred connections flooding together make one line.
    func claimThrottleLog(at now: MonotonicInstant) -> Bool {
        lastThrottleLog.withLock { last in
            if let last, now.since(last) < Self.throttleLogInterval { return false }
            last = now
            return true
        }
    }
}
