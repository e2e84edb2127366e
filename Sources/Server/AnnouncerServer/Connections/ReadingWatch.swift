import AnnouncerCore
import NIOCore
import Synchronization

/// Whether a connection's client has stopped reading: its channel has not been writable for `patience`.
///
/// A client that reads but is slower than a flood makes its channel unwritable for moments at a time;
/// one that never reads keeps it so. Only the second has its events cut, so a QA tool following a
/// flood of 10,000 announcements is never cut for being a few milliseconds behind.
final class ReadingWatch: Sendable {
    /// How long a channel stays unwritable before its client counts as not reading.
    static let patience = TimeAmount.seconds(3)

    private let clock: any MonotonicClock
    /// When the channel last became unwritable, in the clock's microseconds; 0 while it is writable.
    private let unwritableSince = Atomic<Int64>(0)

    init(clock: any MonotonicClock) { self.clock = clock }

    /// The channel's writability changed; call on its event loop.
    func writabilityChanged(isWritable: Bool) {
        unwritableSince.store(isWritable ? 0 : max(1, clock.now().microseconds.asInt64), ordering: .releasing)
    }

    /// True when the client has not read for `patience`. May be asked from any thread.
    var stoppedReading: Bool {
        let since = unwritableSince.load(ordering: .acquiring)
        return since != 0 && clock.now().microseconds.asInt64 - since > Self.patience.nanoseconds / 1_000
    }
}

private extension UInt64 {
    var asInt64: Int64 { Int64(clamping: self) }
}
