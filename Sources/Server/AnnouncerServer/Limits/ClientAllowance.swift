public import AnnouncerCore

/// One client's standing against its `ClientLimits`, as a value: announcements in, decisions out.
///
/// It reads no clock: every call is given the moment, so tests move time by hand. A refused
/// announcement costs no token, and only rate and pending refusals make a client throttled. A
/// throttling episode ends when the client has had no refusal for `quietPeriod`, so a client that
/// floods without pause is one episode, logged once at its start and once at its end.
public struct ClientAllowance: Sendable {
    /// How long a throttled client must go without a refusal before it is no longer throttled.
    public static let quietPeriod: Duration = .seconds(1)

    public let limits: ClientLimits
    /// The client's own rate, when it has one.
    private var bucket: TokenBucket?
    /// Announcements accepted and not yet ended.
    public private(set) var pending = 0
    /// The first refusal of the present throttling episode, or nil when the client is not throttled.
    public private(set) var throttledSince: MonotonicInstant?
    /// Refusals in the present throttling episode.
    public private(set) var refusedWhileThrottled = 0
    private var lastRefusal: MonotonicInstant?

    public init(limits: ClientLimits, at now: MonotonicInstant) {
        self.limits = limits
        bucket = limits.rate.map { TokenBucket(rate: $0, at: now) }
    }

    public var isThrottled: Bool { throttledSince != nil }

    /// When the present episode ends if no refusal comes first; nil when not throttled.
    public var quietAt: MonotonicInstant? {
        guard throttledSince != nil, let lastRefusal else { return nil }
        return lastRefusal + Self.quietPeriod
    }

    /// Decides on one announcement of `textBytes` bytes arriving at `now`; an accepted one counts as pending until `ended()`.
    /// `programTakes` is asked last, once the client's own limits let the announcement in: it takes a
    /// token from the bucket the client's program shares (`ProgramRate`), or says there is none, which
    /// refuses the announcement for its rate like the client's own bucket. A refusal costs no token.
    public mutating func admit(
        textBytes: Int, at now: MonotonicInstant, programTakes: (MonotonicInstant) -> Bool = { _ in true }
    ) -> ClientAdmission {
        if let maxTextBytes = limits.maxTextBytes, textBytes > maxTextBytes {
            return .refused(.textLength, nil)
        }
        if let maxPending = limits.maxPending, pending >= maxPending {
            return .refused(.pending, refuse(.pending, at: now))
        }
        if bucket?.hasToken(at: now) == false || !programTakes(now) {
            return .refused(.rate, refuse(.rate, at: now))
        }
        _ = bucket?.take(at: now)
        pending += 1
        return .accepted(settle(at: now))
    }

    /// One of the client's accepted announcements ended, with whatever outcome.
    public mutating func ended() {
        pending = max(0, pending - 1)
    }

    /// Ends the throttling episode if the client has gone `quietPeriod` without a refusal.
    public mutating func settle(at now: MonotonicInstant) -> ThrottleChange? {
        guard let since = throttledSince, let lastRefusal, let quietAt, now >= quietAt else { return nil }
        let change = ThrottleChange.stopped(refused: refusedWhileThrottled, lasted: lastRefusal.since(since))
        throttledSince = nil
        refusedWhileThrottled = 0
        return change
    }

    private mutating func refuse(_ reason: ClientRefusal, at now: MonotonicInstant) -> ThrottleChange? {
        lastRefusal = now
        refusedWhileThrottled += 1
        guard throttledSince == nil else { return nil }
        throttledSince = now
        refusedWhileThrottled = 1
        return .started(reason)
    }
}
