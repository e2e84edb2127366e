public import AnnouncerCore
public import AnnouncerScheduling
public import Dispatch
public import Synchronization

/// A clock that stands still until a test moves it; its wake-ups come when it is moved past them.
public final class ManualClock: SchedulerClock {
    private struct State {
        var now: MonotonicInstant
        var waiting: [ManualWakeUp] = []
    }

    private let state: Mutex<State>
    /// Signalled at each wake-up set, for `waitForWakeUp`.
    private let set = DispatchSemaphore(value: 0)

    public init(at start: MonotonicInstant = MonotonicInstant(microseconds: 1_000_000)) {
        state = Mutex(State(now: start))
    }

    public func now() -> MonotonicInstant { state.withLock { $0.now } }

    public func wake(at deadline: MonotonicInstant, on queue: DispatchQueue, _ body: @escaping @Sendable () -> Void) -> any WakeUp {
        let wakeUp = ManualWakeUp(deadline: deadline, queue: queue, body: body)
        state.withLock { $0.waiting.append(wakeUp) }
        set.signal()
        advance(by: .zero)
        return wakeUp
    }

    /// Waits until a wake-up that has not come and was not cancelled is set for `deadline`: a thread
    /// of the code under test sets it when it is ready to be woken. False after `timeout` of real time.
    public func waitForWakeUp(at deadline: MonotonicInstant, timeout: Duration = .seconds(10)) -> Bool {
        let end = DispatchTime.now() + .milliseconds(Int(timeout.components.seconds * 1_000))
        while true {
            if liveWakeUps.contains(deadline) { return true }
            guard set.wait(timeout: end) == .success else { return liveWakeUps.contains(deadline) }
        }
    }

    /// The deadlines of the wake-ups set that have neither come nor been cancelled.
    public var liveWakeUps: [MonotonicInstant] {
        state.withLock { $0.waiting.filter(\.isLive).map(\.deadline) }
    }

    /// Moves the clock on, and sends each wake-up it reaches to its queue, earliest first.
    public func advance(by duration: Duration) {
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
public final class ManualWakeUp: WakeUp {
    public let deadline: MonotonicInstant
    private let queue: DispatchQueue
    private let body: Mutex<(@Sendable () -> Void)?>

    init(deadline: MonotonicInstant, queue: DispatchQueue, body: @escaping @Sendable () -> Void) {
        self.deadline = deadline
        self.queue = queue
        self.body = Mutex(body)
    }

    public func cancel() { body.withLock { $0 = nil } }

    /// Neither come nor cancelled.
    public var isLive: Bool { body.withLock { $0 != nil } }

    /// Calls the body on its queue, once, unless cancelled first.
    func fire() {
        guard let body = body.withLock({ body in defer { body = nil }; return body }) else { return }
        queue.async(execute: body)
    }
}
