/// Why `announce` could not talk to the server, in one sentence.
public enum ClientError: Error, Sendable, CustomStringConvertible {
    /// Nothing listens at the path: the caller may fall back to the embedded engine.
    case noServer(path: String)
    case cannotConnect(path: String, reason: String)
    case connectionClosed
    /// The server took no request or sent no answer within the time given.
    case noAnswer(seconds: Int)

    public var description: String {
        switch self {
        case let .noServer(path):
            "No announcer server is running at \(path); start one with announcerd, or give --socket."
        case let .cannotConnect(path, reason):
            "Cannot connect to the announcer server at \(path): \(reason)."
        case .connectionClosed:
            "The announcer server closed the connection."
        case let .noAnswer(seconds):
            "The announcer server did not answer within \(seconds) seconds, so announce gave up."
        }
    }
}
