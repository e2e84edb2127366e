public import Dispatch

/// A point on the system's monotonic clock (`CLOCK_MONOTONIC`), in microseconds.
///
/// The same clock as Python's `time.monotonic()` and `DispatchTime`, so times from
/// clients, capture scripts and this server line up.
public struct MonotonicInstant: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var microseconds: UInt64

    public init(microseconds: UInt64) { self.microseconds = microseconds }

    /// Now, read from the system's monotonic clock.
    public static func now() -> MonotonicInstant {
        MonotonicInstant(microseconds: DispatchTime.now().uptimeNanoseconds / 1_000)
    }

    public var milliseconds: Double { Double(microseconds) / 1_000 }

    public var dispatchTime: DispatchTime { DispatchTime(uptimeNanoseconds: microseconds * 1_000) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.microseconds < rhs.microseconds }

    public static func + (lhs: Self, rhs: Duration) -> Self {
        Self(microseconds: lhs.microseconds &+ UInt64(max(0, rhs.microseconds)))
    }

    /// The time from `earlier` to this instant, or zero if `earlier` is later.
    public func since(_ earlier: Self) -> Duration {
        .microseconds(Int64(microseconds >= earlier.microseconds ? microseconds - earlier.microseconds : 0))
    }

    public var description: String { "\(milliseconds) ms" }
}

extension Duration {
    /// This duration in whole microseconds.
    public var microseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }

    /// This duration in milliseconds, with microsecond resolution.
    public var milliseconds: Double { Double(microseconds) / 1_000 }

    /// This duration as a person says it: "5 s", "1.5 s", "250 ms".
    public var spokenSeconds: String {
        let millis = microseconds / 1_000
        guard millis >= 1_000 else { return "\(millis) ms" }
        return millis % 1_000 == 0 ? "\(millis / 1_000) s" : "\(Double(millis) / 1_000) s"
    }
}
