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
    /// Stop this announcement's speech at its next mark, or at once when no mark lies ahead; the
    /// speaker reports where it stopped (`LiveRegionQueue.speechPaused`).
    case pause(AnnouncementID)
    /// The announcement's speech stopped for a pause; it is set aside until its client resumes.
    case paused(Announcement)
    /// Speak this paused announcement again, from just after the mark where it stopped
    /// (`Announcement.resumesAfterMark`), or from its start.
    case resume(Announcement)
}
