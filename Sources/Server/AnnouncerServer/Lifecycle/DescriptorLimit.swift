import Glibc

/// The process's open-file limit (`RLIMIT_NOFILE`), raised at start from the soft limit to the hard one:
/// a systemd service's soft limit is 1024, which a thousand idle clients use up.
public struct DescriptorLimit: Sendable, Equatable {
    /// The limit in force, after raising.
    public let soft: Int
    /// The most it could be raised to.
    public let hard: Int

    /// Raises the soft limit to the hard limit, or as far as the system allows; returns the limit in force.
    public static func raiseToHard() -> DescriptorLimit {
        var limit = rlimit()
        guard getrlimit(RLIMIT_NOFILE_VALUE, &limit) == 0 else { return DescriptorLimit(soft: 1_024, hard: 1_024) }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(RLIMIT_NOFILE_VALUE, &raised) == 0 { limit = raised }
        }
        return DescriptorLimit(soft: Self.clamped(limit.rlim_cur), hard: Self.clamped(limit.rlim_max))
    }

    /// The number of clients that leaves room for everything else the server opens: workers' pipes,
    /// the audio device, log and timeline files, sockets for a new client to be told it is refused.
    public var clientsThatFit: Int { max(1, soft - max(32, min(256, soft / 8))) }

    private static func clamped(_ value: rlim_t) -> Int { value == rlim_t.max ? 1 << 20 : Int(min(value, rlim_t(1 << 30))) }
}

/// Glibc imports RLIMIT_NOFILE as an enum case of __rlimit_resource; getrlimit wants its raw value.
private let RLIMIT_NOFILE_VALUE = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
