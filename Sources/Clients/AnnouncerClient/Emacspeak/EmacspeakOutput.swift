public import AnnouncerCore
public import AnnouncerProtocol

/// Where `announce emacspeak` sends what its session decides: the running server, as one client of
/// its queue, or an engine in this process. Every call returns without waiting for speech or audio.
public protocol EmacspeakOutput: AnyObject {
    /// The languages there are voices for, with their names, for the language commands.
    var voices: [OfferedVoice] { get }
    /// The language of announcements that name none.
    var defaultLanguage: Language { get }
    /// Queues one announcement of this client.
    func speak(_ request: SpeakRequest)
    /// Ends this client's announcements, speaking or waiting; other clients' go on.
    func stopOwn()
    /// Pauses or resumes this client's speech.
    func pause()
    func resume()
    /// At the end of input: lets what was queued be spoken, then lets go.
    func finish()
}
