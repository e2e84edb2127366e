/// Where a client's announcements go: a running server, or an engine inside this process; the bench and flows speak through it.
public protocol SpeechDestination: AnyObject {
    /// How a report names it, such as "the server at PATH".
    var description: String { get }
    /// Every timeline event of every announcement, as the destination reports it.
    var timeline: TimelineCollector { get }
    /// Sends the announcements in order from one client, and returns once each was accepted.
    func speak(_ announcements: [OutgoingAnnouncement]) throws
    /// Sends each announcement from a client of its own, all at once, and returns once each was accepted.
    func speakFromSeparateClients(_ announcements: [OutgoingAnnouncement]) throws
    /// Ends these announcements, waiting or speaking; others' announcements are left alone.
    func cancel(_ ids: [String]) throws
    /// How many polite announcements wait now.
    func waitingPolite() throws -> Int
    /// Cancels every announcement it sent that has not ended, without waiting for answers; safe from
    /// any thread, so an interrupted or failed run leaves nothing behind on a shared server.
    func cancelOutstanding()
    /// Cancels what is outstanding and lets go of connections or the engine.
    func close()
}
