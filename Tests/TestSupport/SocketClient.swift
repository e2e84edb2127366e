import AnnouncerClient
import AnnouncerCore
import AnnouncerProtocol
import Foundation
import Glibc

/// A plain blocking Unix-socket client: bytes out, lines in, with time limits, and the lines read with
/// the wire types. It is what socat is to a person: the test speaks the wire protocol itself.
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

    /// The next line, read with the wire types the server writes it with.
    public func readServerLine(timeout: Double = 10) -> ServerLine? {
        readLine(timeout: timeout).map(ServerLine.init)
    }

    /// The next line as an event of the timeline; nil when the connection closed, time ran out, or the
    /// line is something else (a reply, a notice, or not the protocol), which a reader of events did not expect.
    public func readEvent(timeout: Double = 10) -> EventLine? {
        readServerLine(timeout: timeout)?.event
    }

    /// The next reply, setting aside the events that come first (a notice is passed over); nil when the
    /// connection closed, time ran out, or a line is not of the protocol.
    public func readReply(timeout: Double = 10, events: inout [EventLine]) -> ServerLine? {
        while let line = readServerLine(timeout: timeout) {
            switch line.content {
            case .reply: return line
            case let .event(event): events.append(event)
            case .notice: continue
            case .unreadable: return nil
            }
        }
        return nil
    }

    public func readReply(timeout: Double = 10) -> ServerLine? {
        var ignored: [EventLine] = []
        return readReply(timeout: timeout, events: &ignored)
    }

    /// Sends one JSON request line as written and returns the next reply, setting aside events that come first.
    public func request(_ line: String, events: inout [EventLine]) -> ServerLine? {
        send(line + "\n")
        return readReply(events: &events)
    }

    public func request(_ line: String) -> ServerLine? {
        var ignored: [EventLine] = []
        return request(line, events: &ignored)
    }

    /// Sends one request, written with the type the server reads it with, and returns the next reply.
    public func request(_ request: JSONRequest) -> ServerLine? {
        self.request(request.encoded)
    }

    /// Reads events until one matches, returning every event read. A line that is not an event ends the
    /// reading, so a test that counts or orders the events sees that something else came.
    public func readEvents(until done: (EventLine) -> Bool, timeout: Double = 20) -> [EventLine] {
        var events: [EventLine] = []
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0, let event = readEvent(timeout: deadline.timeIntervalSinceNow) {
            events.append(event)
            if done(event) { break }
        }
        return events
    }
}

public struct SocketClientError: Error {
    public let message: String
}

/// True for the event `kind` of announcement `id`.
public func isEvent(_ kind: EventKind, of id: AnnouncementID) -> (EventLine) -> Bool {
    { $0.event == kind && $0.id == id }
}

/// True for the `ended` event of announcement `id`.
public func isEnd(of id: AnnouncementID) -> (EventLine) -> Bool {
    isEvent(.ended, of: id)
}

/// Speaks one assertive announcement from a new connection to `socketPath` and follows it to its end:
/// its events, or none when it was not accepted.
public func speakAssertiveAndFollow(_ text: String, at socketPath: String, timeout: Double = 20) throws -> [EventLine] {
    let client = try SocketClient(path: socketPath)
    let reply = client.request(#"{"request":"speak","politeness":"assertive","rate":450,"follow":true,"text":"\#(text)"}"#)
    guard let id = reply?.id else { return [] }
    return client.readEvents(until: isEnd(of: id), timeout: timeout)
}
