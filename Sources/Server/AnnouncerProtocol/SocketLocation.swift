public import Foundation

/// Where the server listens and where clients look for it.
///
/// `$ANNOUNCER_SOCKET` if set, else `$XDG_RUNTIME_DIR/announcer/announcer.sock`,
/// else `/tmp/announcer-UID/announcer.sock` on systems without a runtime directory.
public enum SocketLocation {
    /// The socket path to use when none is given on the command line.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["ANNOUNCER_SOCKET"], !explicit.isEmpty { return explicit }
        return standardDirectory(environment: environment) + "/announcer.sock"
    }

    /// The private directory that holds the standard socket.
    public static func standardDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return runtime + "/announcer" }
        return "/tmp/announcer-\(getuid())"
    }

    /// Speech Dispatcher's own default socket, for serving SSIP clients that were not told of this server.
    public static func speechDispatcherDefault(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return runtime + "/speech-dispatcher/speechd.sock"
    }
}
