import Blocking

/// Runs `body`, which blocks (a wait for a process, a socket or a pipe), on a thread of its own, and
/// suspends the calling task until it returns. The test's cooperative thread is free meanwhile: the
/// pool has only as many threads as cores (two here), and every other test needs them to run.
public func offThread<T: Sendable, Failure: Error>(
    _ name: String = "test wait", _ body: @escaping @Sendable () throws(Failure) -> T
) async throws(Failure) -> T {
    let result: Result<T, Failure> = await withCheckedContinuation { continuation in
        DedicatedThread.start(name: name) { continuation.resume(returning: Result { () throws(Failure) in try body() }) }
    }
    return try result.get()
}

/// Checks `condition` every 10 ms until it holds or `seconds` pass; between checks the task sleeps,
/// not its thread. Prefer waiting for the event itself (a line, an exit) where there is one.
public func waitFor(_ condition: () -> Bool, seconds: Double) async -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if condition() { return true }
        // Not a wait: the pace of the looks at a condition that sends no word when it holds.
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
