/// What the live-region queue decided; the scheduler carries these out in order.
public enum QueueAction: Sendable, Hashable {
    /// The announcement was accepted and waits its turn.
    case queued(Announcement)
    /// Cut the speech of this announcement at once.
    case stop(AnnouncementID)
    /// Start speaking this announcement.
    case start(Announcement)
    /// The announcement has ended with this outcome.
    case end(Announcement, Outcome)
}
