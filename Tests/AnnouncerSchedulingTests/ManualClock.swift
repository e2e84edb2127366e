import AnnouncerCore
import AnnouncerScheduling
import Dispatch
import Synchronization

/// A clock that stands still until a test moves it; its wake-ups come when it is moved past them.
final class ManualClock: SchedulerClock {
    private struct State {
        var now: MonotonicInstant
        var waiting: [ManualWakeUp] = []
    }

    private let state: Mutex<State>

    init(at start: MonotonicInstant = MonotonicInstant(microseconds: 1_000_000)) {
        state = Mutex(State(now: start))
    }

    func now() -> MonotonicInstant { state.withLock { $0.now } }

    func wake(at deadline: MonotonicInstant, on queue: DispatchQueue, _ body: @escaping @Sendable () -> Void) -> any WakeUp {
        let wakeUp = ManualWakeUp(deadline: deadline, queue: queue, body: body)
        state.withLock { $0.waiting.append(wakeUp) }
        advance(by: .zero)
        return wakeUp
    }

    /// Moves the clock on, and sends each wake-up it reaches to its queue, earliest first.
    func advance(by duration: Duration) {
        let due = state.withLock { state in
            state.now = state.now + duration
            let now = state.now
            let due = state.waiting.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.waiting.removeAll { $0.deadline <= now }
            return due
        }
        for wakeUp in due { wakeUp.fire() }
    }
}

/// One wake-up of a `ManualClock`.
final class ManualWakeUp: WakeUp {
    let deadline: MonotonicInstant
    private let queue: DispatchQueue
    private let body: Mutex<(@Sendable () -> Void)?>

    init(deadline: MonotonicInstant, queue: DispatchQueue, body: @escaping @Sendable () -> Void) {
        self.deadline = deadline
        self.queue = queue
        self.body = Mutex(body)
    }

    func cancel() { body.withLock { $0 = nil } }

    /// Calls the body on its queue, once, unless cancelled first.
    func fire() {
        guard let body = body.withLock({ body in defer { body = nil }; return body }) else { return }
        queue.async(execute: body)
    }
}
