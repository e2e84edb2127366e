import AnnouncerServer
import Blocking
import Glibc
import Synchronization
import Testing

/// The executor announcerd runs its `ServiceGroup` on: every job on the calling thread, none on the pool.
struct CallingThreadExecutorTests {
    /// The threads a task and its children ran on, as pthread ids.
    private final class Threads: Sendable {
        private let seen = Mutex<Set<UInt>>([])
        func note() { seen.withLock { _ = $0.insert(UInt(bitPattern: Int(bitPattern: pthread_self()))) } }
        var all: Set<UInt> { seen.withLock { $0 } }
    }

    /// A default actor, as `ServiceGroup` is one.
    private actor Counter {
        var count = 0
        func add(_ threads: Threads) -> Int {
            threads.note()
            count += 1
            return count
        }
    }

    /// Runs `body` on a thread of its own, as announcerd runs its group on its main thread, so no pool
    /// thread of the test waits: with an executor that sent jobs to the pool, the test fails, not hangs.
    private func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { done in
            DedicatedThread.start(name: "test.caller") { done.resume(with: Result { try body() }) }
        }
    }

    @Test("A task, its child tasks and a default actor it calls all run on the thread that calls run")
    func everyJobRunsOnTheCallingThread() async throws {
        let threads = Threads()
        let counter = Counter()
        let (caller, total) = try await onOwnThread { () throws -> (UInt, Int) in
            let caller = UInt(bitPattern: Int(bitPattern: pthread_self()))
            return (caller, try CallingThreadExecutor().run {
                threads.note()
                return await withTaskGroup(of: Int.self) { group in
                    for _ in 0..<8 {
                        group.addTask {
                            threads.note()
                            // A suspension, resumed from another thread, comes back to the calling thread.
                            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                                DedicatedThread.start(name: "test.resumer") { done.resume() }
                            }
                            threads.note()
                            return await counter.add(threads)
                        }
                    }
                    return await group.reduce(0) { max($0, $1) }
                }
            })
        }
        #expect(total == 8)
        #expect(threads.all == [caller])
    }

    @Test("What the task throws, run throws")
    func errorsComeBack() {
        struct Refusal: Error {}
        #expect(throws: Refusal.self) { try CallingThreadExecutor().run { () async throws -> Int in throw Refusal() } }
    }
}
