/// One client's share of the queue: what waits, and what was dropped and why.
public struct ClientQueueStatus: Sendable, Hashable {
    public var waitingAssertive: Int
    public var waitingPolite: Int
    /// Dropped announcements by the sentence that says why.
    public var droppedByReason: [String: Int]

    public var dropped: Int { droppedByReason.values.reduce(0, +) }
}
