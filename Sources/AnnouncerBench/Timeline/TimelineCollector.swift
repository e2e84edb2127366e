import Foundation

/// Gathers timeline events by announcement, and lets a scenario wait for one to be heard or to end.
///
/// An id may come back: the server frees one when its announcement ends, and a new server process
/// numbers from 1 again. A `received` for an id already received starts a new announcement, so a
/// recorded timeline never mixes two announcements' times.
public final class TimelineCollector: @unchecked Sendable {
    /// The latest announcement of each id.
    private var times: [String: AnnouncementTimes] = [:]
    /// Announcements whose id was used again later, with their ids, kept for `all()`.
    private var earlier: [Int: (id: String, times: AnnouncementTimes)] = [:]
    /// Ids in the order their announcements' first events arrived; an id used again appears again.
    private var order: [String] = []
    private let condition = NSCondition()

    public init() {}

    /// Records one event and wakes anyone waiting for it.
    public func record(_ event: BenchEvent) {
        condition.lock()
        if let existing = times[event.id] {
            if event.name == "received", existing.received != nil || existing.outcome != nil {
                // Index of the finished announcement's place in `order`: its last occurrence.
                let place = order.lastIndex(of: event.id)!
                earlier[place] = (event.id, existing)
                times[event.id] = AnnouncementTimes()
                order.append(event.id)
            }
        } else {
            order.append(event.id)
        }
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
        return order.indices.map { place in earlier[place] ?? (order[place], times[order[place]]!) }
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
        // Measured on the monotonic clock, so a change of the wall clock never moves the deadline.
        let deadline = ContinuousClock.now + timeout
        condition.lock()
        defer { condition.unlock() }
        while !done(times) {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            _ = condition.wait(until: Date().addingTimeInterval(min(Double(left.microseconds) / 1e6, 0.5)))
        }
        return true
    }
}
