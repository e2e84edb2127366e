import Synchronization

/// A counting semaphore whose waiters are suspended tasks, not blocked threads: a test waiting for a
/// place leaves the cooperative pool's few threads to the tests that run.
public final class AsyncSemaphore: Sendable {
    private struct State {
        var free: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
        /// Waiters that go before every other: see `wait(first:)`.
        var waitingFirst: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    /// A semaphore with `width` places, all free.
    public init(width: Int) {
        state = Mutex(State(free: max(1, width)))
    }

    /// Takes a place, suspending until one is free; places are given in the order they were asked for,
    /// except that those who ask `first` go before everyone who did not.
    public func wait(first: Bool = false) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                guard state.free > 0 else {
                    if first { state.waitingFirst.append(continuation) } else { state.waiting.append(continuation) }
                    return false
                }
                state.free -= 1
                return true
            }
            if now { continuation.resume() }
        }
    }

    /// Gives a place back, to the longest waiter of those who asked first, else of the rest, if there is one.
    public func signal() {
        let next: CheckedContinuation<Void, Never>? = state.withLock { state in
            if !state.waitingFirst.isEmpty { return state.waitingFirst.removeFirst() }
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
