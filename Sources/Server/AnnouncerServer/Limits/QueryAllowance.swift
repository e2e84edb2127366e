import AnnouncerCore

/// How often one client may ask for `status` or `voices`: each answer reads the whole queue and
/// builds a long reply on the event loop every client shares. 20 a second after a burst of 40 is far
/// more than a person or a polling script asks; beyond it, a request gets a short refusal instead.
struct QueryAllowance: Sendable {
    static let burst = 40
    static let perSecond = 20

    /// Tokens left, in millionths, so refilling by the microsecond loses nothing.
    private var microtokens = Int64(Self.burst) * 1_000_000
    private var refilledAt: MonotonicInstant

    init(at now: MonotonicInstant) { refilledAt = now }

    /// True when a query arriving at `now` is answered; it then costs one token.
    mutating func admit(at now: MonotonicInstant) -> Bool {
        let elapsed = Int64(now.since(refilledAt).microseconds)
        if elapsed > 0 {
            microtokens = min(Int64(Self.burst) * 1_000_000, microtokens + elapsed * Int64(Self.perSecond))
            refilledAt = now
        }
        guard microtokens >= 1_000_000 else { return false }
        microtokens -= 1_000_000
        return true
    }
}
