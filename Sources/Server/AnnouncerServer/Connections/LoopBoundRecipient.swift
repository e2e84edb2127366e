import AnnouncerCore
import DequeModule
import NIOCore
import Synchronization

/// The router's handle on one connection's handler: events arrive on the scheduler's queue
/// and are handed to the handler on its own event loop.
///
/// The handler holds its recipient and the recipient its handler; the handler lets go of it
/// in `handlerRemoved`, which breaks the cycle when the connection closes.
///
/// Events wait in a line of their own for the event loop, which takes them all in one task. The
/// scheduler makes events far faster than one event loop writes them to hundreds of subscribers, so
/// the line is bounded: a subscriber whose client has stopped reading (see `ReadingWatch`) takes
/// no more past `maxWaitingUnread`; one that reads, only past `maxWaiting`, which a flood of 10,000
/// at once stays under. Then `deliver` returns false and the router drops it, and its handler is told
/// once, through `overflow`, to send its notice. Its own announcements' events still come.
final class LoopBoundRecipient<Handler: AnyObject>: EventRecipient {
    /// Events waiting for the event loop beyond which a subscriber that reads is cut.
    static var maxWaiting: Int { 65_536 }
    /// The same for a subscriber whose client has stopped reading.
    static var maxWaitingUnread: Int { 256 }

    private struct Line {
        var events: Deque<(event: SharedEvent, isOwn: Bool)> = []
        var drainScheduled = false
    }

    private let reading: ReadingWatch
    private let handler: NIOLoopBound<Handler>
    private let deliverOnLoop: @Sendable (Handler, SharedEvent, Bool) -> Void
    private let overflowOnLoop: @Sendable (Handler) -> Void
    private let line = Mutex(Line())
    private let cut = Atomic<Bool>(false)
    private let told = Atomic<Bool>(false)

    init(
        _ handler: Handler, channel: any Channel, reading: ReadingWatch,
        deliver: @escaping @Sendable (Handler, SharedEvent, Bool) -> Void,
        overflow: @escaping @Sendable (Handler) -> Void = { _ in }
    ) {
        self.reading = reading
        self.handler = NIOLoopBound(handler, eventLoop: channel.eventLoop)
        deliverOnLoop = deliver
        overflowOnLoop = overflow
    }

    @discardableResult
    func deliver(_ event: SharedEvent, isOwn: Bool) -> Bool {
        if !isOwn, cut.load(ordering: .acquiring) { return false }
        let bound = reading.stoppedReading ? Self.maxWaitingUnread : Self.maxWaiting
        let (accepted, schedule) = line.withLock { line -> (Bool, Bool) in
            if !isOwn, line.events.count >= bound { return (false, false) }
            line.events.append((event, isOwn))
            defer { line.drainScheduled = true }
            return (true, !line.drainScheduled)
        }
        if !accepted {
            cut.store(true, ordering: .releasing)
            // The handler learns of the cut even if no event of its own comes.
            handler.eventLoop.execute { [self] in drain() }
            return false
        }
        if schedule { handler.eventLoop.execute { [self] in drain() } }
        return true
    }

    /// On the event loop: hands every waiting event to the handler, in order.
    private func drain() {
        let events = line.withLock { line in
            defer {
                line.events.removeAll(keepingCapacity: false)
                line.drainScheduled = false
            }
            return line.events
        }
        let value = handler.value
        for (event, isOwn) in events { deliverOnLoop(value, event, isOwn) }
        if cut.load(ordering: .acquiring), !told.exchange(true, ordering: .acquiringAndReleasing) { overflowOnLoop(value) }
    }
}
