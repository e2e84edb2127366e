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
    /// Something about this announcement that its client and the timeline should hear, in one
    /// sentence, such as its being spoken as polite because its program floods.
    case warn(Announcement, String)
    /// News about the sharing of the queue that concerns no one announcement, for the server's log.
    case notice(QueueNotice)
}

/// What the queue tells whoever runs it about its sharing, beside the announcements' own events.
public enum QueueNotice: Sendable, Hashable {
    /// One client's pause of everyone ended without a resume: its sender went away, or it reached
    /// the time limit it was given.
    case pauseForAllEnded(sender: ClientID, because: PauseForAllEnding)
    /// A program began to send assertive announcements faster than the policy's rate; from now until
    /// it slows down they are spoken as polite. `client` sent the one that went over.
    case assertiveFloodBegan(ShareID, client: ClientID, rate: AssertiveRate)
}

/// Why a pause of everyone ended without anyone resuming it.
public enum PauseForAllEnding: Sendable, Hashable {
    /// The client that paused went away.
    case senderLeft
    /// It lasted as long as it may, `limit`, while its sender stayed.
    case timeLimit(Duration)
}
