import Foundation
import Glibc

/// One client connection to the server's Unix domain socket, non-blocking, with the bytes read but not yet used.
final class SocketConnection {
    let descriptor: Int32
    /// Bytes read after the last whole line taken so far.
    var unread: [UInt8] = []

    /// Connects to `path`; throws a plain message if it cannot.
    init(path: String) throws {
        let socketDescriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketDescriptor >= 0 else { throw SocketFailure("could not make a socket: \(Self.errnoText())") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(socketDescriptor)
            throw SocketFailure("the socket path is too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let reason = Self.errnoText()
            close(socketDescriptor)
            throw SocketFailure("could not connect to \(path): \(reason)")
        }
        _ = fcntl(socketDescriptor, F_SETFL, fcntl(socketDescriptor, F_GETFL) | O_NONBLOCK)
        descriptor = socketDescriptor
    }

    deinit { close(descriptor) }

    /// Sends one request line and waits up to `timeout` for one reply line; nil if none came.
    func request(_ line: String, timeout: Duration = .seconds(10)) -> String? {
        var result: String?
        let exchange = PipelinedExchange(
            connections: [self], payloads: [Array((line + "\n").utf8)], expectedReplies: [1]
        ) { _, reply in result = String(decoding: reply, as: UTF8.self) }
        guard exchange.run(timeout: timeout) else { return nil }
        return result
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}

/// A client socket that could not be opened, with the reason in plain words.
struct SocketFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
