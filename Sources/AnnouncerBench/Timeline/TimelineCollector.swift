import Foundation

/// Gathers timeline events by announcement, and lets a scenario wait for one to be heard or to end.
public final class TimelineCollector: @unchecked Sendable {
    private var times: [String: AnnouncementTimes] = [:]
    /// Ids in the order their first event arrived, so reports list announcements as they happened.
    private var order: [String] = []
    private let condition = NSCondition()

    public init() {}

    /// Records one event and wakes anyone waiting for it.
    public func record(_ event: BenchEvent) {
        condition.lock()
        if times[event.id] == nil { order.append(event.id) }
        times[event.id, default: AnnouncementTimes()].apply(event)
        condition.broadcast()
        condition.unlock()
    }

    /// What is known of one announcement so far.
    public func times(of id: String) -> AnnouncementTimes? {
        condition.lock()
        defer { condition.unlock() }
        return times[id]
    }

    /// Every announcement seen, in the order they first appeared.
    public func all() -> [(id: String, times: AnnouncementTimes)] {
        condition.lock()
        defer { condition.unlock() }
        return order.map { ($0, times[$0]!) }
    }

    /// Waits until the announcement is audible or has ended, at most `timeout`; returns what is known then.
    @discardableResult
    public func waitUntilHeardOrEnded(_ id: String, timeout: Duration) -> AnnouncementTimes? {
        _ = wait(timeout: timeout) { $0[id]?.isHeardOrEnded == true }
        return times(of: id)
    }

    /// Waits until every one of the announcements has ended, at most `timeout`; returns whether they all did.
    @discardableResult
    public func waitUntilEnded(_ ids: [String], timeout: Duration) -> Bool {
        // Outcomes never change once recorded, so each check resumes where the last one stopped.
        var next = 0
        return wait(timeout: timeout) { times in
            while next < ids.count, times[ids[next]]?.outcome != nil { next += 1 }
            return next == ids.count
        }
    }

    private func wait(timeout: Duration, until done: ([String: AnnouncementTimes]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18)
        condition.lock()
        defer { condition.unlock() }
        while !done(times) {
            if !condition.wait(until: deadline) { return done(times) }
        }
        return true
    }
}
