public import AnnouncerCore

/// What the scheduler is doing at one moment.
public struct SchedulerStatus: Sendable, Hashable {
    public var speaking: Announcement?
    public var waitingAssertive: Int
    public var waitingPolite: Int
    /// How many announcements have ended so far, by outcome.
    public var endedByOutcome: [Outcome.Kind: Int]
    /// The clients with announcements waiting or dropped.
    public var clients: [ClientID: ClientQueueStatus]
    /// Who is paused, and a pause of everyone while it lasts.
    public var paused: PausedClients = .nobody
}
