import Synchronization

/// Keeps timeline events in memory, for tests, summaries and status.
public final class TimelineRecorder: TimelineObserver {
    private let events = Mutex<[TimelineEvent]>([])

    public init() {}

    public func record(_ event: TimelineEvent) { events.withLock { $0.append(event) } }

    /// Everything recorded so far, in order.
    public var recorded: [TimelineEvent] { events.withLock { $0 } }

    /// The events of one announcement, in order.
    public func events(of id: AnnouncementID) -> [TimelineEvent] {
        recorded.filter { $0.announcement.id == id }
    }

    /// The first event of this kind for an announcement.
    public func first(_ stage: TimelineEvent.Stage, of id: AnnouncementID) -> TimelineEvent? {
        recorded.first { $0.announcement.id == id && $0.kind.stage == stage }
    }

    /// The outcome an announcement ended with, if it has ended.
    public func outcome(of id: AnnouncementID) -> Outcome? {
        for event in recorded where event.announcement.id == id {
            if case let .ended(outcome) = event.kind { return outcome }
        }
        return nil
    }
}
