/// How fast one program may send assertive announcements while earlier ones of it still wait or speak,
/// before the excess is spoken as polite: `perSecond`, sustained over `sustained`, which is also the
/// burst it may send at once.
public struct AssertiveRate: Sendable, Hashable {
    public var perSecond: Int
    public var sustained: Duration

    public init(perSecond: Int, sustained: Duration) {
        self.perSecond = max(1, perSecond)
        self.sustained = max(.milliseconds(1), sustained)
    }

    /// Ten a second over two seconds: far beyond any screen reader or alert, well within a runaway script.
    public static let standard = AssertiveRate(perSecond: 10, sustained: .seconds(2))

    /// How many may come at once: the rate times the time it is sustained over, at least one.
    public var burst: Int { max(1, Int(Int64(perSecond) * sustained.microseconds / 1_000_000)) }
}

/// One program's standing against the `AssertiveRate`, as a value given the time: a token bucket of
/// `burst` tokens refilled at `perSecond`, and whether the program floods.
///
/// Every assertive announcement takes a token while there is one. One that finds none starts a flood,
/// and while the flood lasts every assertive announcement of the program is spoken as polite, whatever
/// the bucket holds, so a steady flood cannot slip ten a second through. The flood ends once the bucket
/// is full again, the program having sent slower than its rate for long enough to earn the whole burst
/// back, and nothing of what it flooded still waits: a runaway script that starts `spd-say` in waves
/// stays one flood, not one a wave with twenty assertive ones let through each time.
struct AssertiveAllowance: Sendable, Hashable {
    private var microtokens: Int64
    private var refilledAt: MonotonicInstant
    private(set) var isFlooding = false

    init(rate: AssertiveRate, at now: MonotonicInstant) {
        microtokens = Int64(rate.burst) * 1_000_000
        refilledAt = now
    }

    /// What happened to one assertive announcement arriving at `now`.
    enum Decision: Sendable, Hashable {
        /// It stays assertive.
        case assertive
        /// It is spoken as polite, and with it the flood began.
        case floodBegan
        /// It is spoken as polite, in a flood that had begun already.
        case flooding
    }

    /// `nothingWaits`: none of the program's announcements waits, which a flood needs to end.
    mutating func admit(at now: MonotonicInstant, rate: AssertiveRate, nothingWaits: Bool = true) -> Decision {
        let capacity = Int64(rate.burst) * 1_000_000
        // Arrivals stamped on another thread may come a little out of order; an earlier one adds nothing.
        let elapsed = max(0, Int64(now.since(refilledAt).microseconds))
        refilledAt = max(refilledAt, now)
        let added = elapsed >= capacity ? capacity : min(capacity, elapsed * Int64(rate.perSecond))
        microtokens = min(capacity, microtokens + added)
        if isFlooding, microtokens == capacity, nothingWaits { isFlooding = false }
        let hadToken = microtokens >= 1_000_000
        microtokens = max(0, microtokens - 1_000_000)
        if isFlooding { return .flooding }
        if hadToken { return .assertive }
        isFlooding = true
        return .floodBegan
    }

    /// True when the bucket would be full at `now`: the next announcement would find the allowance as
    /// if new, a flood included, so it may be forgotten.
    func isRested(at now: MonotonicInstant, rate: AssertiveRate) -> Bool {
        let capacity = Int64(rate.burst) * 1_000_000
        let elapsed = max(0, Int64(now.since(refilledAt).microseconds))
        return elapsed >= capacity || microtokens + elapsed * Int64(rate.perSecond) >= capacity
    }
}
