public import AnnouncerCore
public import AnnouncerProtocol

/// Where a client's announcements go: a running server, or an engine inside this process. Every
/// command that speaks (say, pipe, emacspeak, flows, web pages and the bench) speaks through one.
///
/// Two ways of speaking share it. The bench and the flows choose each announcement's id, and send
/// many at once (`speak`); say, pipe and emacspeak speak as one client, leave the id to the
/// destination, and learn each announcement's outcome from `timeline` (`submit`, `post`).
public protocol SpeechDestination: AnyObject {
    /// How a report names it, such as "the server at PATH".
    var description: String { get }
    /// True for a server, which speaks what it accepted after this client has gone; false for an
    /// engine here, which a client must wait for, and which reports every announcement's outcome.
    var outlivesClient: Bool { get }
    /// Every timeline event of the announcements it reports, as the destination reports them; it is
    /// closed when no more can come (the server went away).
    var timeline: TimelineCollector { get }

    /// Sends the announcements in order from one client, and returns once each was accepted.
    func speak(_ announcements: [OutgoingAnnouncement]) throws
    /// Sends each announcement from a client of its own, all at once, and returns once each was accepted.
    func speakFromSeparateClients(_ announcements: [OutgoingAnnouncement]) throws
    /// Ends these announcements, waiting or speaking; others' announcements are left alone.
    func cancel(_ ids: [String]) throws
    /// How many polite announcements wait now.
    func waitingPolite() throws -> Int

    /// Sends one request of this client and waits for its answer, not for speech: the id it was
    /// given, or why it was refused. `arrival` is when the user asked, for an engine here to time
    /// from; a server times from when it read the request. Throws `DestinationError` when the
    /// destination cannot answer at all (the server went away).
    func submit(_ request: SpeakRequest, arrival: MonotonicInstant) throws(DestinationError) -> Submission
    /// Sends one request of this client without waiting for anything; a refusal's sentence goes to `refused`.
    func post(_ request: ClientRequest, refused: @escaping @Sendable (String) -> Void)
    /// The voices it speaks with and the language of requests that name none.
    func offeredVoices() throws(DestinationError) -> (voices: [OfferedVoice], defaultLanguage: Language)
    /// The server's status, for its text limit and audio device; nil for an engine in this process.
    func serverStatus() -> StatusBody?
    /// Throws the sentence saying why requests in this language would be refused, when that can be
    /// known before any is sent: an engine here knows its voices, and a server answers each request.
    func check(_ language: Language) throws(DestinationError)

    /// Cancels every announcement it sent that has not ended, without waiting for answers; safe from
    /// any thread, so an interrupted or failed run leaves nothing behind on a shared server.
    func cancelOutstanding()
    /// On Ctrl-C: an engine here ends what waits and speaks, so each has an outcome on the timeline,
    /// then calls `then`; a server keeps what it accepted, and `then` is called at once.
    func interrupt(then: @escaping @Sendable () -> Void)
    /// Lets what was sent be spoken, then lets go: a server keeps what it accepted, and an engine
    /// here speaks it to the end before this returns.
    func finish()
    /// Cancels what is outstanding and lets go of connections or the engine.
    func close()
}
