import Dispatch

/// A value that only work running on one serial `DispatchQueue` reads or changes: the queue is its
/// guard, so it needs no lock. Every access checks that it runs on that queue.
final class QueueConfined<Value: ~Copyable>: @unchecked Sendable {
    private var value: Value
    private let queue: DispatchQueue

    init(_ value: consuming Value, on queue: DispatchQueue) {
        self.value = value
        self.queue = queue
    }

    /// Runs `body` on the value; call it only from work on the queue.
    func access<Result: ~Copyable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        dispatchPrecondition(condition: .onQueue(queue))
        return try body(&value)
    }
}
