import DequeModule
public import Dispatch
import Synchronization

/// Values handed from threads that produce them to threads that block until one comes: first in,
/// first out, any number of producers and takers. `close()` marks the end: what was appended before
/// it is still taken, then every taker, waiting or not, sees the end.
///
/// For plain threads (the synthesis and playback threads, a worker's reader, a client's NIO thread),
/// never the cooperative pool, where a blocked taker would hold up a whole thread of it.
public final class BlockingQueue<Element: Sendable>: Sendable {
    /// What a take with a time limit found.
    public enum Taken: Sendable {
        case element(Element)
        /// Closed, and nothing appended before the close is left.
        case closed
        /// The time limit passed before an element came or the queue closed.
        case timedOut
    }

    private struct State {
        var elements: Deque<Element> = []
        var closed = false
    }

    private let state = Mutex(State())
    /// Signalled once for each element appended and once more at the close, so its count is never
    /// less than what a taker may find: a taker waits on it before it looks, and never looks in vain
    /// except at the end, which it passes on with one more signal for the next taker.
    private let available = DispatchSemaphore(value: 0)

    public init() {}

    /// Appends `element` for a taker; false, and nothing appended, once the queue is closed.
    @discardableResult
    public func append(_ element: Element) -> Bool {
        let accepted = state.withLock { state in
            guard !state.closed else { return false }
            state.elements.append(element)
            return true
        }
        if accepted { available.signal() }
        return accepted
    }

    /// Appends `element` and closes the queue in one step, so that nothing can be appended after it.
    /// False, and nothing appended, if it was closed already.
    @discardableResult
    public func appendLast(_ element: Element) -> Bool {
        let accepted = state.withLock { state in
            guard !state.closed else { return false }
            state.elements.append(element)
            state.closed = true
            return true
        }
        guard accepted else { return false }
        available.signal()
        available.signal()
        return true
    }

    /// Nothing more is appended; takers get what is left, then the end. A second close changes nothing.
    public func close() {
        let first = state.withLock { state in
            defer { state.closed = true }
            return !state.closed
        }
        if first { available.signal() }
    }

    /// True once `close()` or `appendLast(_:)` was called, whether or not elements are left.
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// How many elements wait to be taken.
    public var count: Int { state.withLock { $0.elements.count } }

    /// True when no element waits to be taken.
    public var isEmpty: Bool { state.withLock { $0.elements.isEmpty } }

    /// The next element, waiting as long as it takes; nil once the queue is closed and empty.
    public func take() -> Element? {
        available.wait()
        return takeSignalled()
    }

    /// The next element, waiting at most until `deadline` (on the monotonic clock that Dispatch uses).
    public func take(until deadline: DispatchTime) -> Taken {
        guard available.wait(timeout: deadline) == .success else { return .timedOut }
        return takeSignalled().map { .element($0) } ?? .closed
    }

    /// The next element, waiting at most `timeout`.
    public func take(timeout: Duration) -> Taken {
        let (seconds, attoseconds) = timeout.components
        // Beyond what DispatchTime can count (292 years), a limit is no limit.
        guard seconds < Int64.max / 1_000_000_000 else { return take(until: .distantFuture) }
        let nanoseconds = max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        return take(until: .now() + .nanoseconds(Int(nanoseconds)))
    }

    /// Takes an element after a signal was consumed: there is one, unless the queue is closed and empty.
    private func takeSignalled() -> Element? {
        let next = state.withLock { $0.elements.popFirst() }
        // The end's signal was this taker's; the next taker needs one too.
        if next == nil { available.signal() }
        return next
    }
}
