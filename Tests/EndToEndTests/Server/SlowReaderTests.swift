import TestSupport
import AnnouncerProtocol
import Foundation
import Testing

/// Clients that stop reading, and clients that ask for status without end, never stall the others.
/// The server's own logic behind these is tested in the test's process by `SlowReaderOnFakeEngineTests`.
@Suite(.serialized) struct SlowReaderTests {
    /// Resident memory of a process in bytes, from /proc.
    static func residentBytes(of pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) else { return 0 }
        return kilobytes * 1_024
    }

    /// Sends `line` on a non-blocking socket until the kernel will take no more, or `seconds` pass.
    static func sendWithoutReading(_ descriptor: Int32, _ line: String, seconds: Double) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        let bytes = Array(line.utf8)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 { Thread.sleep(forTimeInterval: 0.01) }
        }
    }

    @Test("After 50 clients flood status without reading and hang up, the next client's speak is answered at once")
    func statusFloodWithoutReadingDoesNotStallOthers() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let flooders = try (0..<50).map { _ in try SocketClient(path: server.socketPath) }
        let threads = flooders.map { flooder in
            let descriptor = flooder.descriptor
            return Thread { Self.sendWithoutReading(descriptor, #"{"request":"status"}"# + "\n", seconds: 3) }
        }
        threads.forEach { $0.start() }
        Thread.sleep(forTimeInterval: 3.5)
        let cpuBefore = ConnectionLimitTests.cpuSeconds(of: server.process.processIdentifier)
        // Hanging up: every connection closes with requests unread.
        _ = flooders.map { shutdown($0.descriptor, Int32(SHUT_RDWR)) }
        let client = try SocketClient(path: server.socketPath)
        let asked = Date()
        let reply = client.request(#"{"request":"speak","text":"Error: wrong password","politeness":"assertive","rate":450}"#)
        let waited = Date().timeIntervalSince(asked)
        #expect(reply?.reply?.ok == true)
        // Answered in milliseconds; before, it waited 9.6 s behind the flooders' unread replies.
        #expect(waited < 2, "the speak was answered after \(Int(waited * 1_000)) ms")
        Thread.sleep(forTimeInterval: 1)
        #expect(ConnectionLimitTests.cpuSeconds(of: server.process.processIdentifier) - cpuBefore < 1, "the server went on working for clients that had gone")
    }

    @Test("400 subscribers that never read while events flow: memory stays bounded, and a probe is still spoken at once")
    func silentSubscribersKeepMemoryBounded() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let pid = server.process.processIdentifier
        let idle = Self.residentBytes(of: pid)
        let subscribers = try (0..<400).map { _ in try SocketClient(path: server.socketPath) }
        for subscriber in subscribers { subscriber.send(#"{"request":"subscribe"}"# + "\n") }
        let speaker = try SocketClient(path: server.socketPath)
        var peak = 0
        for batch in 0..<20 {
            speaker.send((0..<200).map { #"{"request":"speak","text":"Line \#(batch * 200 + $0) of a long log"}"# + "\n" }.joined())
            _ = (0..<200).compactMap { _ in speaker.readLine(timeout: 10) }
            peak = max(peak, Self.residentBytes(of: pid))
        }
        let grown = peak - idle
        #expect(grown < 100 * 1_048_576, "the server grew by \(grown / 1_048_576) MB")
        #expect(server.standardErrorText.contains("with the most replies and events waiting unread")
                || server.standardErrorText.contains("Stopped sending events to"), "\(server.standardErrorText.suffix(1_000))")

        let probe = try SocketClient(path: server.socketPath)
        let id = try #require(probe.request(#"{"request":"speak","text":"Probe","politeness":"assertive","rate":450,"follow":true}"#)?.id)
        let events = probe.readEvents(until: isEnd(of: id), timeout: 20)
        let firstAudio = events.first { $0.event == .firstAudio }?.latency?.value
        #expect((firstAudio ?? 1e9) < 500, "\(events)")
        #expect(server.process.isRunning)
        _ = subscribers.count
    }
}
