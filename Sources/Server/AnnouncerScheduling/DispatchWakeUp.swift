import Dispatch

/// The system clock's wake-up: a Dispatch timer.
struct DispatchWakeUp: WakeUp, @unchecked Sendable {
    /// Dispatch sources may be cancelled from any thread.
    let timer: any DispatchSourceTimer

    func cancel() { timer.cancel() }
}
