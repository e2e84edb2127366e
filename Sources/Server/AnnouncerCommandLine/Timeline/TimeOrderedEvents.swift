public import AnnouncerProtocol

/// Holds a live timeline's events for a short while and gives them out in the order of their times,
/// so `events --text` never prints a moment before one that came earlier. A `received` event carries
/// the moment its announcement arrived, which the server's queue records a little later, sometimes
/// after other announcements' events (and, in a flood, after its own first decisions).
public struct TimeOrderedEvents: Sendable {
    /// How long an event is held for an earlier one to come, in microseconds.
    public let holdMicroseconds: UInt64
    private var held: [(event: EventLine, sequence: Int)] = []
    private var sequence = 0
    /// The latest time seen: events older than it by the hold are given out.
    private var newest: UInt64 = 0

    public init(holdMicroseconds: UInt64 = 200_000) {
        self.holdMicroseconds = holdMicroseconds
    }

    /// Adds one event; returns those now old enough to print, in time order.
    public mutating func add(_ event: EventLine) -> [EventLine] {
        held.append((event, sequence))
        sequence += 1
        newest = max(newest, event.time.microseconds)
        guard newest >= holdMicroseconds else { return [] }
        return release(olderThan: newest - holdMicroseconds)
    }

    /// Every event still held, in time order, when no more will come for a while or at all.
    public mutating func flush() -> [EventLine] {
        release(olderThan: .max)
    }

    /// Gives out every held event at or before `limit`, ordered by time, then by stage (an
    /// announcement is received before anything else happens to it), then by arrival here.
    private mutating func release(olderThan limit: UInt64) -> [EventLine] {
        held.sort { a, b in
            (a.event.time.microseconds, Self.rank(a.event.event), a.sequence) < (b.event.time.microseconds, Self.rank(b.event.event), b.sequence)
        }
        let ready = held.prefix { $0.event.time.microseconds <= limit }
        held.removeFirst(ready.count)
        return ready.map(\.event)
    }

    private static func rank(_ kind: EventKind) -> Int {
        switch kind {
        case .received: 0
        case .warning, .action, .pageChanged: 1
        case .queued: 2
        case .started: 3
        case .firstAudio, .audible, .mark, .paused, .resumed: 4
        case .ended: 5
        case .error: 6
        }
    }
}
