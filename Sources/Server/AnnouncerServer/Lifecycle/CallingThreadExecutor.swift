import Blocking
import Synchronization

/// A task executor that runs every job on one thread: the one that calls `run`, which would otherwise
/// only wait. A task run through it, its child tasks and the default actors it calls need no thread
/// of Swift's cooperative pool, so a program that runs its `ServiceGroup` this way starts none.
public final class CallingThreadExecutor: TaskExecutor, Sendable {
    private let jobs = BlockingQueue<UnownedJob>()

    public init() {}

    public func enqueue(_ job: consuming ExecutorJob) {
        // Refused only after `run` has returned, when no task of it is left to need the job.
        jobs.append(UnownedJob(job))
    }

    /// Runs `operation` as a task whose jobs, and its child tasks' jobs, run on this thread, and
    /// returns what it returns once it has. Blocks this thread until then. Call it once.
    public func run<Value: Sendable>(_ operation: sending @escaping () async throws -> Value) throws -> Value {
        let outcome = Outcome<Value>()
        Task(executorPreference: self) { [jobs] in
            do { outcome.set(.success(try await operation())) } catch { outcome.set(.failure(error)) }
            // The jobs already waiting still run; then the loop below ends.
            jobs.close()
        }
        while let job = jobs.take() {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
        return try outcome.result.get()
    }

    /// What the task of `run` returned or threw, set once, before the queue closes.
    private final class Outcome<Value: Sendable>: Sendable {
        private let value = Mutex<Result<Value, any Error>?>(nil)
        func set(_ result: Result<Value, any Error>) { value.withLock { $0 = result } }
        var result: Result<Value, any Error> { value.withLock { $0! } }
    }
}
