import Foundation
import Glibc

/// A plain blocking Unix-socket client: bytes out, lines in, with time limits.
/// It is what socat is to a person: the test speaks the wire protocol itself.
public final class SocketClient {
    public let descriptor: Int32
    private var buffer: [UInt8] = []

    public init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        let descriptor = self.descriptor
        let result = UnixSocketAddress.with(path) { connect(descriptor, $0, $1) }
        guard result == 0 else {
            close(descriptor)
            throw SocketClientError(message: "connect failed: \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(descriptor) }

    public func send(_ text: String) { send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return }
            sent += count
        }
    }

    /// The next line, without its line ending, or nil when the connection closed or time ran out.
    public func readLine(timeout: Double = 10) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return nil }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(remaining * 1_000)) > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = recv(descriptor, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }

    /// The next line parsed as a JSON object.
    public func readObject(timeout: Double = 10) -> [String: Any]? {
        guard let line = readLine(timeout: timeout) else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }

    /// Sends one JSON request and returns the next reply, setting aside events that come first.
    public func request(_ line: String, events: inout [[String: Any]]) -> [String: Any]? {
        send(line + "\n")
        while let object = readObject() {
            if object["event"] != nil { events.append(object) } else { return object }
        }
        return nil
    }

    public func request(_ line: String) -> [String: Any]? {
        var ignored: [[String: Any]] = []
        return request(line, events: &ignored)
    }

    /// Reads events until one matches, returning every event read.
    public func readEvents(until done: ([String: Any]) -> Bool, timeout: Double = 20) -> [[String: Any]] {
        var events: [[String: Any]] = []
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0, let object = readObject(timeout: deadline.timeIntervalSinceNow) {
            events.append(object)
            if done(object) { break }
        }
        return events
    }
}

public struct SocketClientError: Error {
    public let message: String
}

/// True for the `ended` event of announcement `id`.
public func isEnd(of id: String) -> ([String: Any]) -> Bool {
    { $0["event"] as? String == "ended" && $0["id"] as? String == id }
}
