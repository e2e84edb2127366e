import AnnouncerClient
import Foundation

/// Replies read from the control connection, waiting for whoever sent the request.
final class ReplyQueue: @unchecked Sendable {
    private var lines: [ServerLine] = []
    private var head = 0
    private var closed = false
    private let condition = NSCondition()

    func put(_ line: ServerLine) {
        condition.lock()
        lines.append(line)
        condition.signal()
        condition.unlock()
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next reply; nil once the connection closed with none left; throws when none came in `seconds`.
    func take(timeout seconds: Int) throws -> ServerLine? {
        let deadline = Date().addingTimeInterval(Double(seconds))
        condition.lock()
        defer { condition.unlock() }
        while head == lines.count, !closed {
            if !condition.wait(until: deadline), head == lines.count, !closed {
                throw BenchError(ClientError.noAnswer(seconds: seconds).description)
            }
        }
        guard head < lines.count else { return nil }
        defer {
            head += 1
            if head > 1_024 { lines.removeFirst(head); head = 0 }
        }
        return lines[head]
    }
}
