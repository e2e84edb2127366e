public import AnnouncerCore
public import JSONLineEncoding

extension Milliseconds {
    /// An instant on the monotonic clock.
    public init(_ instant: MonotonicInstant) { self.init(microseconds: instant.microseconds) }

    /// A duration; a negative one counts as zero.
    public init(_ duration: Duration) { self.init(microseconds: UInt64(max(0, duration.microseconds))) }

    /// The instant on the monotonic clock it names.
    public var instant: MonotonicInstant { MonotonicInstant(microseconds: microseconds) }
}
