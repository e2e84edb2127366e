import Foundation
import Glibc

/// Writes request lines on many connections at once, and reads the expected number of reply lines
/// from each, on the calling thread with poll(2): nothing waits for a reply before sending more.
struct PipelinedExchange {
    let connections: [SocketConnection]
    /// The bytes to send on each connection: its request lines, each ending in a newline.
    let payloads: [[UInt8]]
    /// How many reply lines to read from each connection.
    let expectedReplies: [Int]
    /// Called with each reply line, without its newline, and the index of its connection.
    let onReply: (Int, ArraySlice<UInt8>) -> Void

    /// Returns false if some replies did not come within `timeout`, or a connection failed.
    func run(timeout: Duration) -> Bool {
        let count = connections.count
        var sent = [Int](repeating: 0, count: count)
        var received = [Int](repeating: 0, count: count)
        var pollDescriptors = connections.map { pollfd(fd: $0.descriptor, events: 0, revents: 0) }
        var readBuffer = [UInt8](repeating: 0, count: 64 * 1_024)
        let deadline = ContinuousClock.now + timeout

        while true {
            var busy = false
            for index in 0..<count {
                var events: Int16 = 0
                if sent[index] < payloads[index].count { events |= Int16(POLLOUT) }
                if received[index] < expectedReplies[index] { events |= Int16(POLLIN) }
                pollDescriptors[index].events = events
                pollDescriptors[index].revents = 0
                if events != 0 { busy = true }
            }
            guard busy else { return true }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return false }
            let milliseconds = Int32(min(remaining.components.seconds * 1_000 + 1, 1_000))
            let ready = poll(&pollDescriptors, nfds_t(count), milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { return false }

            for index in 0..<count where pollDescriptors[index].revents != 0 {
                let connection = connections[index]
                let revents = Int32(pollDescriptors[index].revents)
                if revents & Int32(POLLOUT) != 0 {
                    let written = payloads[index].withUnsafeBytes { raw in
                        write(connection.descriptor, raw.baseAddress! + sent[index], raw.count - sent[index])
                    }
                    if written > 0 {
                        sent[index] += written
                    } else if written < 0, errno != EAGAIN, errno != EINTR {
                        return false
                    }
                }
                if revents & Int32(POLLIN | POLLHUP | POLLERR) != 0 {
                    let got = read(connection.descriptor, &readBuffer, readBuffer.count)
                    if got == 0 { return false } // The server closed the connection.
                    if got < 0 {
                        if errno == EAGAIN || errno == EINTR { continue }
                        return false
                    }
                    connection.unread.append(contentsOf: readBuffer[0..<got])
                    var lineStart = 0
                    while received[index] < expectedReplies[index],
                          let newline = connection.unread[lineStart...].firstIndex(of: UInt8(ascii: "\n"))
                    {
                        onReply(index, connection.unread[lineStart..<newline])
                        received[index] += 1
                        lineStart = newline + 1
                    }
                    connection.unread.removeFirst(lineStart)
                }
            }
        }
    }
}
