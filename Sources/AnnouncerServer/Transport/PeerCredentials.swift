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
}

struct PeerCredentialsUnavailable: Error {}
