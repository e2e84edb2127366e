import AnnouncerEngine
import Foundation

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

    private(set) var connections: [SocketConnection] = []
    private var nextNumber = 0

    /// Opens the connections; call in setup.
    func connect(_ count: Int) {
        connections = BenchmarkServer.shared.connect(count)
    }

    /// Closes the connections.
    func disconnect() { connections = [] }

    /// The request lines of one batch of `total` requests, spread evenly over the connections.
    func makeBatch(_ total: Int) -> [[UInt8]] {
        var payloads = [[UInt8]](repeating: [], count: connections.count)
        for index in 0..<total {
            nextNumber += 1
            let line = #"{"request":"speak","text":"\#(numberedStatusText(nextNumber))","politeness":"polite"}"# + "\n"
            payloads[index % connections.count].append(contentsOf: line.utf8)
        }
        return payloads
    }

    /// Sends a batch, all connections at once, and reads every reply. Nil if replies were missing after 30 seconds.
    func send(_ batch: [[UInt8]]) -> Answer? {
        let expected = batch.map { payload in payload.count { $0 == UInt8(ascii: "\n") } }
        var accepted = 0
        var firstRefusal: String?
        let ok = Array(#""ok":true"#.utf8)
        let start = ContinuousClock.now
        let exchange = PipelinedExchange(connections: connections, payloads: batch, expectedReplies: expected) { _, reply in
            if Self.contains(reply, ok) {
                accepted += 1
            } else if firstRefusal == nil {
                firstRefusal = String(decoding: reply, as: UTF8.self)
            }
        }
        guard exchange.run(timeout: .seconds(30)) else { return nil }
        return Answer(start: start, elapsed: ContinuousClock.now - start, accepted: accepted, firstRefusal: firstRefusal)
    }

    /// How many announcements the queue holds, speaking and waiting, from a `status` request on the first connection.
    /// Its reply comes after every request sent before it has been taken by the queue.
    func queuedCount() -> Int? {
        guard let line = connections.first?.request(#"{"request":"status"}"#),
              let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let waiting = object["waiting"] as? [String: Any],
              let assertive = waiting["assertive"] as? Int, let polite = waiting["polite"] as? Int
        else { return nil }
        let speaking = object["speaking"] is NSNull || object["speaking"] == nil ? 0 : 1
        return assertive + polite + speaking
    }

    private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        var start = haystack.startIndex
        while start + needle.count <= haystack.endIndex {
            if haystack[start..<start + needle.count].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }
}
