public import Glibc

/// How a child process ended, from `waitpid`'s status.
public enum ChildStatus: Sendable, Equatable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)

    public init(waitStatus status: Int32) {
        self = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
    }

    /// Reaps the child if it has ended, without waiting; nil while it runs.
    public static func ifEnded(_ pid: pid_t) -> ChildStatus? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        return result == pid ? ChildStatus(waitStatus: status) : nil
    }

    static let signalNames: [Int32: String] = [
        SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS",
        SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM",
    ]

    public var description: String {
        switch self {
        case let .exited(code): "with exit status \(code)"
        case let .signalled(number): "by signal \(number)" + (Self.signalNames[number].map { " (\($0))" } ?? "")
        }
    }
}
