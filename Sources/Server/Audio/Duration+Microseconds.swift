extension Duration {
    /// This duration in whole microseconds, the unit of the monotonic clock the sinks pace by.
    var inMicroseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }
}
