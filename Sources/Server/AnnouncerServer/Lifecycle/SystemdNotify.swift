import Glibc

/// Tells systemd the server is ready, as `sd_notify(3)` does: one datagram to the socket named by
/// `NOTIFY_SOCKET`, which systemd sets for a `Type=notify` service. Nothing when it is not set.
public enum SystemdNotify {
    /// Sends `READY=1` with this process as the main one; returns false when systemd asked for no
    /// notice or the notice could not be sent. `NOTIFY_SOCKET` is cleared, so no child sends one too.
    @discardableResult
    public static func ready(status: String) -> Bool {
        guard let socketPath = getenv("NOTIFY_SOCKET").map({ String(cString: $0) }), !socketPath.isEmpty else { return false }
        unsetenv("NOTIFY_SOCKET")
        return send("READY=1\nMAINPID=\(getpid())\nSTATUS=\(status)\n", to: socketPath)
    }

    /// Sends `message` as one datagram to the Unix socket at `path`; a leading `@` names an abstract socket.
    static func send(_ message: String, to path: String) -> Bool {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        // The address's length counts the path's bytes exactly, as an abstract name needs.
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (bytes.first == 0 ? 0 : 1))
        let message = Array(message.utf8)
        let sent = withUnsafePointer(to: &address) { address in
            address.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                message.withUnsafeBytes { sendto(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), address, length) }
            }
        }
        return sent == message.count
    }
}
