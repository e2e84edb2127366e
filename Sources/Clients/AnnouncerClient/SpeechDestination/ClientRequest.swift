public import AnnouncerCore
public import AnnouncerProtocol

/// One request a client sends without waiting for its answer, such as each of Emacspeak's commands.
public enum ClientRequest: Sendable {
    case speak(SpeakRequest)
    /// Ends this client's announcements, speaking or waiting; other clients' go on.
    case stopOwn
    /// Pauses or resumes this client's speech.
    case pauseOwn
    case resumeOwn
    /// Ends what waits or speaks in this live region, such as a pipe's status lines made stale by an error.
    case cancelRegion(RegionID)

    /// The request on the wire.
    var json: JSONRequest {
        switch self {
        case let .speak(request): .speak(request)
        case .stopOwn: .cancelOwn
        case .pauseOwn: .pause(all: false)
        case .resumeOwn: .resume(all: false)
        case let .cancelRegion(region): .cancel(.region(region))
        }
    }
}
