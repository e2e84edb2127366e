import AnnouncerCore

/// What the server must do for one SSIP line, in order.
public enum SSIPAction: Sendable, Equatable {
    /// Write these reply lines (CRLF is added by the transport).
    case reply([String])
    /// Submit this announcement; the `225` reply that names it follows as a `.reply`.
    case speak(Announcement)
    /// Send these event lines once the `225` reply before them has had the usual hold: a message with
    /// nothing to say begins and ends at once, as in Speech Dispatcher, without reaching the queue.
    case events([String])
    /// End announcements; `speakingOnly` is SSIP's STOP, which leaves what waits alone.
    case cancel(SSIPScope, speakingOnly: Bool)
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
