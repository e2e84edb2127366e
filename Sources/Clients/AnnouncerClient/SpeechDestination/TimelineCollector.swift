import Foundation

/// Gathers timeline events by announcement, and lets a sender wait for one to be heard or to end.
///
/// An id may come back: the server frees one when its announcement ends, and a new server process
/// numbers from 1 again. A `received` for an id already received starts a new announcement, so a
/// recorded timeline never mixes two announcements' times.
// Unchecked: every stored `var` is read and written only with `condition` locked.
public final class TimelineCollector: @unchecked Sendable {
    /// Every announcement, in the order its first event arrived.
    private var entries: [(id: String, times: AnnouncementTimes)] = []
    /// Where the latest announcement of each id is in `entries`.
    private var latest: [String: Int] = [:]
    /// No event will come any more: the connection that brought them closed.
    private var closed = false
    private let condition = NSCondition()

    public init() {}

    /// Records one event and wakes anyone waiting for it.
    public func record(_ event: AnnouncementEvent) {
        condition.lock()
        if let index = latest[event.id],
           event.stage != .received || (entries[index].times.received == nil && entries[index].times.outcome == nil) {
            entries[index].times.apply(event)
        } else {
            var times = AnnouncementTimes()
            times.apply(event)
            latest[event.id] = entries.count
            entries.append((event.id, times))
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Says that no event will come any more, so nobody waits out a timeout for one.
    public func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether `close()` was called.
    public var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closed
    }

    /// What is known of the latest announcement with this id so far.
    public func times(of id: String) -> AnnouncementTimes? {
        condition.lock()
        defer { condition.unlock() }
        return lookUp(id)
    }

    /// Every announcement seen, in the order they first appeared.
    public func all() -> [(id: String, times: AnnouncementTimes)] {
        condition.lock()
        defer { condition.unlock() }
        return entries
    }

    /// Waits until the announcement is audible or has ended, at most `timeout`; returns what is known then.
    @discardableResult
    public func waitUntilHeardOrEnded(_ id: String, timeout: Duration) -> AnnouncementTimes? {
        _ = wait(timeout: timeout) { $0(id)?.isHeardOrEnded == true }
        return times(of: id)
    }

    /// Waits until every one of the announcements has ended, at most `timeout`; returns whether they all did.
    @discardableResult
    public func waitUntilEnded(_ ids: [String], timeout: Duration) -> Bool {
        // Outcomes never change once recorded, so each check resumes where the last one stopped.
        var next = 0
        return wait(timeout: timeout) { lookUp in
            while next < ids.count, lookUp(ids[next])?.outcome != nil { next += 1 }
            return next == ids.count
        }
    }

    /// Call with the condition locked.
    private func lookUp(_ id: String) -> AnnouncementTimes? { latest[id].map { entries[$0].times } }

    private func wait(timeout: Duration, until done: ((String) -> AnnouncementTimes?) -> Bool) -> Bool {
        // Measured on the monotonic clock, so a change of the wall clock never moves the deadline.
        let deadline = ContinuousClock.now + timeout
        condition.lock()
        defer { condition.unlock() }
        while !done(lookUp) {
            if closed { return false }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            _ = condition.wait(until: Date().addingTimeInterval(min(Double(left.microseconds) / 1e6, 0.5)))
        }
        return true
    }
}
