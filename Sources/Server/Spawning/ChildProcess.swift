import CSpawning
public import Glibc
import SystemPackage

/// How to start a program: its arguments and environment, where its standard streams go, which of
/// announce's descriptors it gets and under which numbers, and its process group. Every other
/// descriptor is closed in the child (`closefrom`), so no pipe leaks into a program started beside it.
public struct ChildProcess: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        case null
        /// A file, created or appended to, readable by this user only.
        case appending(String)
        /// A descriptor of announce's, duplicated into the child.
        case descriptor(Int32)
    }

    /// Which process group the child joins.
    public enum Group: Sendable {
        /// Announce's own.
        case inherited
        /// A new group led by the child, so one signal to the group reaches everything it starts.
        case new
        /// An existing group.
        case joining(pid_t)
        /// A new session (and group) led by the child, with no controlling terminal: the caller's
        /// Ctrl-C, or its terminal closing, does not reach it.
        case newSession
    }

    public var executable: String
    public var arguments: [String]
    /// The whole environment; nil for announce's own.
    public var environment: [String: String]?
    public var standardInput: Stream = .null
    public var standardOutput: Stream = .null
    /// nil: the same as standard output.
    public var standardError: Stream?
    /// Announce's descriptors the child gets, by the number it gets them under (3 and up).
    public var passing: [Int32: Int32] = [:]
    public var group: Group = .inherited

    public init(executable: String, arguments: [String] = [], environment: [String: String]? = nil) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
    }

    /// Starts the program; the corresponding C function is `posix_spawn`. Every signal is back to its
    /// default in the child (announce ignores SIGPIPE, announcerd SIGHUP and SIGUSR1/2), and none is blocked.
    public func spawn() throws(SpawnError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let streams: [(Int32, Stream)] = [(Int32(0), standardInput), (Int32(1), standardOutput)] + (standardError.map { [(Int32(2), $0)] } ?? [])
        for (number, stream) in streams {
            switch stream {
            case .null: posix_spawn_file_actions_addopen(&actions, number, "/dev/null", number == 0 ? O_RDONLY : O_WRONLY, 0)
            case let .appending(path): posix_spawn_file_actions_addopen(&actions, number, path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            case let .descriptor(descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, number)
            }
        }
        if standardError == nil { posix_spawn_file_actions_adddup2(&actions, 1, 2) }
        for (number, descriptor) in passing.sorted(by: { $0.key < $1.key }) {
            posix_spawn_file_actions_adddup2(&actions, descriptor, number)
        }
        // The one descriptor-leak defence: whatever another thread left inheritable, or a library opened
        // without O_CLOEXEC, goes no further than this process.
        _ = cspawning_add_close_from(&actions, (passing.keys.max() ?? 2) + 1)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        switch group {
        case .inherited: break
        case .new:
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        case let .joining(leader):
            posix_spawnattr_setpgroup(&attributes, leader)
            flags |= POSIX_SPAWN_SETPGROUP
        case .newSession:
            flags |= Int32(cspawning_set_session_flag())
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status: Int32
        if let environment {
            let envp: [UnsafeMutablePointer<CChar>?] = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { envp.forEach { free($0) } }
            status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        } else {
            status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        }
        guard status == 0 else { throw .failed(executable: executable, errno: status) }
        return pid
    }

    /// A pipe whose ends close on exec (made so at once, by `pipe2`), so no child inherits them unless
    /// passed; nil when none can be made.
    public static func pipe() -> (reading: Int32, writing: Int32)? {
        guard let ends = try? FileDescriptor.pipe(options: .closeOnExec) else { return nil }
        return (ends.readEnd.rawValue, ends.writeEnd.rawValue)
    }
}
