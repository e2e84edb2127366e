public import AnnouncerCore
public import Foundation

/// Wakes those waiting for a timeline event whenever one is recorded, or for other news whenever told.
public final class EventNews: TimelineObserver, @unchecked Sendable {
    private let condition = NSCondition()

    public init() {}

    public func record(_ event: TimelineEvent) { told() }

    /// Wakes every wait to check again.
    public func told() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// `found()` once it is not nil, checked at once and after each event, or nil at the deadline.
    public func wait<Found>(until deadline: Date, for found: () -> Found?) -> Found? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value = found() { return value }
            guard condition.wait(until: deadline) else { return found() }
        }
    }
}
