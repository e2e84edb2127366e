public import AnnouncerCore
public import Dispatch

/// Where the scheduler reads the time and sets its wake-ups: the system's clock in the engine, a clock
/// moved by hand in the scheduler's tests.
public protocol SchedulerClock: MonotonicClock {
    /// Calls `body` on `queue` once this clock has reached `deadline`, unless the wake-up is cancelled first.
    func wake(at deadline: MonotonicInstant, on queue: DispatchQueue, _ body: @escaping @Sendable () -> Void) -> any WakeUp
}

/// A wake-up a `SchedulerClock` has set.
public protocol WakeUp: Sendable {
    /// Calls nothing from now on, if it has not been called yet.
    func cancel()
}

extension SystemMonotonicClock: SchedulerClock {
    public func wake(at deadline: MonotonicInstant, on queue: DispatchQueue, _ body: @escaping @Sendable () -> Void) -> any WakeUp {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: deadline.dispatchTime, leeway: .milliseconds(1))
        timer.setEventHandler(handler: body)
        timer.resume()
        return DispatchWakeUp(timer: timer)
    }
}
