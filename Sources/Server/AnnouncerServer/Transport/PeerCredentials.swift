import Glibc
import NIOCore

/// The process at the other end of a Unix socket, as the kernel reports it with `SO_PEERCRED`.
struct PeerCredentials: Sendable, Equatable {
    // Laid out as Linux's `struct ucred`: pid, uid, gid.
    var pid: Int32
    var uid: UInt32
    var gid: UInt32

    /// Asks the kernel who is connected to `channel`.
    static func of(_ channel: any Channel) -> EventLoopFuture<PeerCredentials> {
        guard let provider = channel as? any SocketOptionProvider else {
            return channel.eventLoop.makeFailedFuture(PeerCredentialsUnavailable())
        }
        return provider.unsafeGetSocketOption(level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED))
    }

    /// The program the peer runs, as `/proc` tells it: the executable's path, and for an interpreter
    /// (Python, a shell, Perl, Node…) the script it was given, since every Python program has the same
    /// executable. nil when the process has gone or `/proc` cannot be read.
    var program: String? {
        guard let executable = Self.readLink("/proc/\(pid)/exe") else { return nil }
        let name = executable.split(separator: "/").last.map(String.init) ?? executable
        guard Self.isInterpreter(name), let script = Self.script(in: Self.arguments(of: pid)) else { return executable }
        return executable + " " + script
    }

    /// Interpreters run programs given as their first argument: python3.11, bash, perl5.36, node.
    static func isInterpreter(_ name: String) -> Bool {
        let stem = String(name.prefix { !$0.isNumber && $0 != "." && $0 != "-" })
        return ["python", "pypy", "perl", "ruby", "node", "nodejs", "bash", "sh", "dash", "zsh", "ksh", "fish",
                "tclsh", "wish", "lua", "luajit", "php", "guile", "gjs", "osascript", "java"].contains(stem)
    }

    /// The script an interpreter's command line names: the first argument that is not an option,
    /// `-m module` for Python's modules, and `-c` for code given inline (all such programs are one).
    static func script(in arguments: [String]) -> String? {
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            if argument == "-m" || argument == "-c" || argument == "-e" {
                return argument == "-m" ? rest.first.map { "-m " + $0 } : argument
            }
            if argument == "--" { return rest.first }
            if !argument.hasPrefix("-") { return argument }
        }
        return nil
    }

    /// `/proc/PID/cmdline`: the arguments, NUL-separated; the first 4 KiB are enough for the script's name.
    private static func arguments(of pid: Int32) -> [String] {
        let descriptor = open("/proc/\(pid)/cmdline", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return [] }
        return buffer[..<count].split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

struct PeerCredentialsUnavailable: Error {}
