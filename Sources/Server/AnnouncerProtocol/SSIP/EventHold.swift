import AnnouncerCore
import DequeModule

/// SSIP event lines that wait behind their message's `225` reply, in the order they were made;
/// each waits for its own message's moment, and none overtakes one made before it.
struct EventHold: Sendable {
    private var held: Deque<(due: MonotonicInstant, lines: [String])> = []
    /// When each of the client's messages may have events sent: its `225` reply plus the hold.
    private var eventsFromByMessage: [AnnouncementID: MonotonicInstant] = [:]
    /// The moment a wake was last asked for, so one is asked for at a time.
    private var wake: MonotonicInstant?

    mutating func messageQueued(_ id: AnnouncementID, eventsFrom moment: MonotonicInstant) {
        eventsFromByMessage[id] = moment
    }

    func eventsFrom(_ id: AnnouncementID) -> MonotonicInstant? { eventsFromByMessage[id] }

    mutating func messageEnded(_ id: AnnouncementID) { eventsFromByMessage[id] = nil }

    mutating func append(_ lines: [String], due: MonotonicInstant) { held.append((due, lines)) }

    /// The lines due at `now`, in order, and the moment to be woken for the next, if one must be asked for.
    mutating func release(at now: MonotonicInstant) -> (due: [String], wake: MonotonicInstant?) {
        if let wake, wake <= now { self.wake = nil }
        var due: [String] = []
        while let first = held.first, first.due <= now {
            due += first.lines
            held.removeFirst()
        }
        guard let next = held.first, wake == nil else { return (due, nil) }
        wake = next.due
        return (due, next.due)
    }
}
