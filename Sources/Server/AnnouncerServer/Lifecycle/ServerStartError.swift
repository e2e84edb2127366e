/// Why the server could not start listening, in one sentence a person can act on.
public enum ServerStartError: Error, Sendable, CustomStringConvertible {
    case alreadyRunning(path: String)
    case notASocket(path: String)
    case pathTooLong(path: String)
    case directoryNotPrivate(directory: String, mode: UInt32)
    case directoryNotOwned(directory: String)
    case cannotPrepare(path: String, reason: String)
    case cannotListen(path: String, reason: String)
    /// A socket passed by systemd's socket activation that announcerd cannot serve.
    case activation(socket: String, problem: String)

    public var description: String {
        switch self {
        case let .alreadyRunning(path):
            "Another announcer server is already running at \(path); stop it first or choose another --socket."
        case let .notASocket(path):
            "\(path) already exists and is not a socket; remove it or choose another --socket."
        case let .pathTooLong(path):
            "The socket path \(path) is \(path.utf8.count) bytes long, and Unix sockets allow at most 107; choose a shorter --socket."
        case let .directoryNotPrivate(directory, mode):
            "The directory \(directory) is open to other users (mode \(String(mode, radix: 8))); run chmod 700 \(directory) or choose another --socket."
        case let .directoryNotOwned(directory):
            "The directory \(directory) belongs to another user; choose another --socket."
        case let .cannotPrepare(path, reason):
            "Cannot prepare \(path): \(reason)."
        case let .cannotListen(path, reason):
            "Cannot listen on \(path): \(reason)."
        case let .activation(socket, problem):
            "Cannot serve \(socket): \(problem)."
        }
    }
}
