import Glibc

/// Why a program could not be started, in one sentence.
public enum SpawnError: Error, Equatable, CustomStringConvertible {
    case failed(executable: String, errno: Int32)
    /// The C library cannot close a child's other descriptors (glibc older than 2.34).
    case noCloseFrom

    public var description: String {
        switch self {
        case let .failed(executable, code): "\(executable) could not be started: \(String(cString: strerror(code)))."
        case .noCloseFrom: "This C library cannot close a new program's other descriptors (glibc 2.34 or later is needed)."
        }
    }
}
