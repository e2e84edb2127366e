/// Why the private desktop with its screen reader could not start or went wrong, in one sentence.
public enum RigError: Error, Equatable, CustomStringConvertible {
    /// A program the desktop needs is not installed; names the Debian package that brings it.
    case missingProgram(program: String, package: String)
    /// A part did not start, or did not become ready in time.
    case partFailed(part: String, reason: String)
    /// A part ended while the desktop was in use.
    case partEnded(part: String, status: String)
    /// Keys could not be sent.
    case keyboard(String)
    /// The temporary folder could not be made.
    case noFolder(String)

    public var description: String {
        switch self {
        case let .missingProgram(program, package):
            "\(program) is not installed; install the Debian package \(package) (scripts/install-deps does)."
        case let .partFailed(part, reason): "\(part) could not start: \(reason)."
        case let .partEnded(part, status): "\(part) ended \(status) while in use, so the desktop was closed."
        case let .keyboard(reason): reason
        case let .noFolder(path): "The temporary folder \(path) could not be made."
        }
    }
}
