public import AnnouncerCore

/// `burst` tokens at once, refilled at `perSecond`, as a value given the time: the rate limit of
/// one client (`ClientAllowance`) and of one program's clients together (`ProgramRate`).
public struct TokenBucket: Sendable, Equatable {
    public let rate: ClientLimits.Rate
    /// Tokens left, in millionths, so refilling by the microsecond loses nothing.
    private var microtokens: Int64
    private var refilledAt: MonotonicInstant

    /// A full bucket.
    public init(rate: ClientLimits.Rate, at now: MonotonicInstant) {
        self.rate = rate
        microtokens = Int64(rate.burst) * 1_000_000
        refilledAt = now
    }

    /// True when a token is there at `now`; it is not taken.
    public mutating func hasToken(at now: MonotonicInstant) -> Bool {
        refill(at: now)
        return microtokens >= 1_000_000
    }

    /// Takes one token if there is one at `now`; false when the bucket is empty.
    public mutating func take(at now: MonotonicInstant) -> Bool {
        guard hasToken(at: now) else { return false }
        microtokens -= 1_000_000
        return true
    }

    private mutating func refill(at now: MonotonicInstant) {
        // Moments read on different threads may arrive out of order; an earlier one adds nothing.
        let elapsed = max(0, Int64(now.since(refilledAt).microseconds))
        refilledAt = max(refilledAt, now)
        let capacity = Int64(rate.burst) * 1_000_000
        // elapsed µs × per second tokens = millionths of a token; capped before it can overflow.
        let added = elapsed >= capacity ? capacity : min(capacity, elapsed * Int64(rate.perSecond))
        microtokens = min(capacity, microtokens + added)
    }
}
