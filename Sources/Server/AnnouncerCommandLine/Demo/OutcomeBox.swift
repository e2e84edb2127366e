public import AnnouncerCore
import Synchronization

/// Holds an outcome reported on the scheduler's queue for a waiting thread to read.
public final class OutcomeBox: Sendable {
    private let value = Mutex<Outcome?>(nil)
    public init() {}
    public func set(_ outcome: Outcome) { value.withLock { $0 = outcome } }
    public func get() -> Outcome? { value.withLock { $0 } }
}
