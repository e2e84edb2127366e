/// Where the scheduler reads the time; tests give it a clock they move by hand.
public protocol MonotonicClock: Sendable {
    func now() -> MonotonicInstant
}

/// The system's monotonic clock.
public struct SystemMonotonicClock: MonotonicClock {
    public init() {}
    public func now() -> MonotonicInstant { .now() }
}
