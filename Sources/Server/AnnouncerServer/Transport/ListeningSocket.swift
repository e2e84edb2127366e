import Glibc

/// A Unix stream socket bound to a path and listening, made here rather than by SwiftNIO so the server
/// knows its descriptor: out of file descriptors, it accepts and closes waiting connections on it itself.
enum ListeningSocket {
    /// Binds and listens on `path`; returns the descriptor, or the system's reason it could not.
    static func bind(path: String, backlog: Int32) -> Result<CInt, ListenFailure> {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { return .failure(ListenFailure(errno: errno)) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(descriptor)
            return .failure(ListenFailure(errno: ENAMETOOLONG))
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(descriptor, backlog) == 0 else {
            let failure = ListenFailure(errno: errno)
            close(descriptor)
            return .failure(failure)
        }
        return .success(descriptor)
    }
}

/// Why a socket could not be made to listen: the system's errno.
struct ListenFailure: Error {
    let errno: Int32
    var reason: String { String(cString: strerror(errno)) }
}
