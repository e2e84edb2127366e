public import AnnouncerCore

/// What the server must do for one SSIP line, in order.
public enum SSIPAction: Sendable, Equatable {
    /// Write these reply lines (CRLF is added by the transport).
    case reply([String])
    /// Submit this announcement; once the server has queued it, `SSIPSession.accepted` gives the
    /// `225` reply that names it, and a refusal is the server's own reply line.
    case speak(Announcement)
    /// Send these event lines now: their hold has passed.
    case events([String])
    /// Call `SSIPSession.releaseHeldEvents` at this moment: held events are due then.
    case wake(at: MonotonicInstant)
    /// End what the target names: STOP reaches what speaks, CANCEL what waits as well.
    case cancel(CancelTarget)
    /// Pause the target's speech at its next index mark, and hold its messages (PAUSE).
    case pause(PauseTarget)
    /// Let the target's paused speech go on from the mark where it stopped (RESUME).
    case resume(PauseTarget)
    /// Close the connection after the replies before it.
    case close
}

/// Whose messages a STOP or CANCEL reaches.
public enum SSIPScope: Sendable, Equatable {
    /// This client's own messages (`SELF`).
    case ownMessages
    /// Every client's (`ALL`).
    case all
    /// One message by its id: a number other than the client's own, which means SELF.
    case message(AnnouncementID)
}
