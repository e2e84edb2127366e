import AnnouncerBench
import AnnouncerClient
import AnnouncerProtocol
import Foundation
import NIOPosix

/// Sends batches of polite `speak` requests to the benchmark server over its client connections, and checks every reply.
///
/// Each text carries a number never used before in the process, so no request is a duplicate of another.
/// Used from the benchmark's own thread only.
// Unchecked: used from the benchmark's own thread only, as said above; Sendable only to be held by the benchmark's closures.
final class SpeakLoad: @unchecked Sendable {
    /// The time from the first byte of a batch to its last reply, and how many replies said `"ok":true`.
    struct Answer {
        var start: ContinuousClock.Instant
        var elapsed: Duration
        var accepted: Int
        var firstRefusal: String?
    }

    /// One batch: for each connection, its request lines and how many there are.
    struct Batch {
        var lines: [String]
        var counts: [Int]
    }

    private(set) var connections: [ServerConnection] = []
    /// One event-loop thread reads for every connection, so a batch's replies are read as they come, on all at once.
    private var group: MultiThreadedEventLoopGroup?
    private var nextNumber = 0

    /// How long a batch's replies may take.
    private static let answerTimeout = 30

    /// Opens the connections; call in setup.
    func connect(_ count: Int) {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        self.group = group
        connections = BenchmarkServer.shared.connect(count, sharing: group)
    }

    /// Closes the connections.
    func disconnect() {
        for connection in connections { connection.close() }
        connections = []
        try? group?.syncShutdownGracefully()
        group = nil
    }

    /// The request lines of one batch of `total` requests, spread evenly over the connections.
    func makeBatch(_ total: Int) -> Batch {
        var lines = [[String]](repeating: [], count: connections.count)
        for index in 0..<total {
            nextNumber += 1
            lines[index % connections.count].append(#"{"request":"speak","text":"\#(ScenarioWords.status(nextNumber))","politeness":"polite"}"#)
        }
        // Each connection's lines go out as one write; the connection adds the last newline.
        return Batch(lines: lines.map { $0.joined(separator: "\n") }, counts: lines.map(\.count))
    }

    /// Sends a batch, on every connection before any reply is read, and reads every reply. Nil if a reply was
    /// missing after 30 seconds or a connection closed.
    func send(_ batch: Batch) -> Answer? {
        var accepted = 0
        var firstRefusal: String?
        let start = ContinuousClock.now
        do throws(ClientError) {
            for (connection, (lines, count)) in zip(connections, zip(batch.lines, batch.counts)) where count > 0 {
                try connection.send(lines, timeout: Self.answerTimeout)
            }
            for (connection, count) in zip(connections, batch.counts) {
                for _ in 0..<count {
                    let reply = try connection.nextLine(timeout: Self.answerTimeout)
                    if reply.contains(#""ok":true"#) {
                        accepted += 1
                    } else if firstRefusal == nil {
                        firstRefusal = reply
                    }
                }
            }
        } catch {
            return nil
        }
        return Answer(start: start, elapsed: ContinuousClock.now - start, accepted: accepted, firstRefusal: firstRefusal)
    }

    /// How many announcements the queue holds, speaking and waiting, from a `status` request on the first connection.
    /// Its reply comes after every request sent before it has been taken by the queue.
    func queuedCount() -> Int? {
        guard let connection = connections.first,
              (try? connection.send(JSONRequest.status.encoded, timeout: 10)) != nil,
              let line = try? connection.nextLine(timeout: 10),
              let status = ServerLine(line).body(StatusBody.self)
        else { return nil }
        return status.waiting.assertive + status.waiting.polite + (status.speaking == nil ? 0 : 1)
    }
}
