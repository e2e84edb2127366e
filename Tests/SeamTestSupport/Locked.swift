import Synchronization

/// A value shared with closures that other threads call.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    public init(_ value: Value) { mutex = Mutex(value) }
    public var value: Value { mutex.withLock { $0 } }
    @discardableResult
    public func update<Result>(_ body: (inout Value) -> Result) -> Result { mutex.withLock { body(&$0) } }
}
