import Glibc

/// Why a program could not be started, in one sentence.
public enum SpawnError: Error, Equatable, CustomStringConvertible {
    case failed(executable: String, errno: Int32)

    /// Why, in the C library's words: "No such file or directory".
    public var reason: String {
        switch self {
        case let .failed(_, code): String(cString: strerror(code))
        }
    }

    public var description: String {
        switch self {
        case let .failed(executable, _): "\(executable) could not be started: \(reason)."
        }
    }
}
