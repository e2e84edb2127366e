import Dispatch
import Synchronization

/// Items received and not yet taken, first in first out, with a wait for the next one: the lines of a
/// connection, or the replies among them. `close()` marks the end, which every taker then sees.
public final class Inbox<Element: Sendable>: Sendable {
    private struct State {
        var items: [Element] = []
        var head = 0
        var closed = false
    }

    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)

    public init() {}

    public func put(_ item: Element) {
        state.withLock { $0.items.append(item) }
        available.signal()
    }

    public func close() {
        state.withLock { $0.closed = true }
        available.signal()
    }

    /// The next item, waiting for it; nil once closed with none left.
    public func take() -> Element? {
        take(until: .distantFuture) ?? nil
    }

    /// The next item; `.some(nil)` once closed with none left; nil when the deadline passed first.
    public func take(until deadline: DispatchTime) -> Element?? {
        while true {
            let next: Element?? = state.withLock { state in
                if state.head < state.items.count {
                    defer {
                        state.head += 1
                        if state.head > 1_024 { state.items.removeFirst(state.head); state.head = 0 }
                    }
                    return .some(state.items[state.head])
                }
                return state.closed ? .some(nil) : nil
            }
            if let next {
                if next == nil { available.signal() }  // Let any other waiter see the end too.
                return next
            }
            if available.wait(timeout: deadline) == .timedOut { return nil }
        }
    }
}
