/// How long to wait before the next attempt to open a device that failed: short at first,
/// doubling up to a ceiling, and short again after a success.
struct RetryBackoff: Sendable, Hashable {
    let first: Duration
    let ceiling: Duration
    private(set) var next: Duration

    init(first: Duration = .milliseconds(50), ceiling: Duration = .milliseconds(500)) {
        self.first = first
        self.ceiling = ceiling
        self.next = first
    }

    /// An attempt failed: the one after waits longer.
    mutating func failed() { next = min(next * 2, ceiling) }

    /// An attempt succeeded: start short again next time.
    mutating func succeeded() { next = first }
}
