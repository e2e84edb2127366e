import Blocking
import Dispatch
import Glibc
public import Spawning
import Synchronization

/// A program started with `ChildProcess`, reaped by a thread of its own, so its end can be awaited
/// without holding a thread, or waited for by a test that has none to spare.
public final class RunningChild: Sendable {
    public let processIdentifier: pid_t
    private let state = Mutex(State())
    private let reaped = DispatchSemaphore(value: 0)

    private struct State {
        var status: ChildStatus?
        var waiters: [CheckedContinuation<ChildStatus, Never>] = []
    }

    /// Starts the program and a thread that waits for its end.
    public init(_ child: ChildProcess) throws(SpawnError) {
        let pid = try child.spawn()
        processIdentifier = pid
        DedicatedThread.start(name: "child reaper") { [self] in
            var waitStatus: Int32 = 0
            _ = SystemCall.retrying { waitpid(pid, &waitStatus, 0) }
            let status = ChildStatus(waitStatus: waitStatus)
            let waiters = state.withLock { state in
                state.status = status
                defer { state.waiters = [] }
                return state.waiters
            }
            reaped.signal()
            for waiter in waiters { waiter.resume(returning: status) }
        }
    }

    public var isRunning: Bool { state.withLock { $0.status == nil } }

    /// How it ended; nil while it runs.
    public var status: ChildStatus? { state.withLock { $0.status } }

    /// As Foundation's `Process` gives it: the exit status, or the number of the signal that ended it.
    public var terminationStatus: Int32 {
        switch status {
        case let .exited(code): code
        case let .signalled(number): number
        case nil: -1
        }
    }

    /// Blocks the calling thread until the program ends. Prefer `exit()` in an async test.
    public func waitUntilExit() {
        reaped.wait()
        reaped.signal()
    }

    /// Blocks the calling thread until the program ends or `seconds` pass; true when it ended.
    public func waitUntilExit(seconds: Double) -> Bool {
        guard reaped.wait(timeout: .now() + seconds) == .success else { return false }
        reaped.signal()
        return true
    }

    /// Suspends until the program ends.
    @discardableResult
    public func exit() async -> ChildStatus {
        await withCheckedContinuation { continuation in
            let ended: ChildStatus? = state.withLock { state in
                if state.status == nil { state.waiters.append(continuation) }
                return state.status
            }
            if let ended { continuation.resume(returning: ended) }
        }
    }

    /// Suspends until the program ends or `seconds` pass; true when it ended.
    public func exit(within seconds: Double) async -> Bool {
        await waitFor({ !isRunning }, seconds: seconds)
    }

    /// Sends `signal` if it still runs.
    public func signal(_ signal: Int32) {
        if isRunning { kill(processIdentifier, signal) }
    }
}
