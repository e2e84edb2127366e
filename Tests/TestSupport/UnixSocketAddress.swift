import Glibc

/// A Unix socket's path as the `sockaddr_un` that `bind` and `connect` take, written once for every test.
public enum UnixSocketAddress {
    /// Calls `body` with the address of `path` and its length; returns what `body` returns.
    public static func with<Result>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// A listening socket at `path` that never reads: the kernel completes connections for it.
    public static func silentListener(at path: String) -> Int32? {
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard with(path, { bind(listener, $0, $1) }) == 0, listen(listener, 8) == 0 else {
            close(listener)
            return nil
        }
        return listener
    }
}
