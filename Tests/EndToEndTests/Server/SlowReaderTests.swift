import TestSupport
import AnnouncerProtocol
import Foundation
import Testing

/// Clients that stop reading, and clients that ask for status without end, never stall the others.
/// The server's own logic behind these is tested in the test's process by `SlowReaderOnFakeEngineTests`.
@Suite(.serialized, .startsProcesses) struct SlowReaderTests {
    /// Resident memory of a process in bytes, from /proc.
    static func residentBytes(of pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) else { return 0 }
        return kilobytes * 1_024
    }

    /// Sends `line` on a non-blocking socket for `seconds`, as fast as the kernel takes it: when it will
    /// take no more, until it has room again.
    static func sendWithoutReading(_ descriptor: Int32, _ line: String, seconds: Double) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        let bytes = Array(line.utf8)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 {
                var writable = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&writable, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1_000)))
            }
        }
    }

    @Test("After 50 clients flood status without reading and hang up, the next client's speak is answered at once")
    func statusFloodWithoutReadingDoesNotStallOthers() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let flooders = try (0..<50).map { _ in try SocketClient(path: server.socketPath) }
        // Each flooder sends on a thread of its own for 3 s; the test goes on when all have stopped.
        await withTaskGroup(of: Void.self) { group in
            for descriptor in flooders.map(\.descriptor) {
                group.addTask { await offThread("status flooder") { Self.sendWithoutReading(descriptor, #"{"request":"status"}"# + "\n", seconds: 3) } }
            }
        }
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
        // Not a wait: in this second the server must do no work for the clients that hung up.
        try await Task.sleep(for: .seconds(1))
        #expect(ConnectionLimitTests.cpuSeconds(of: server.process.processIdentifier) - cpuBefore < 1, "the server went on working for clients that had gone")
    }

    @Test("400 subscribers that never read while events flow: memory stays bounded, and a probe is still spoken at once")
    func silentSubscribersKeepMemoryBounded() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let pid = server.process.processIdentifier
        let idle = Self.residentBytes(of: pid)
        let subscribers = try (0..<400).map { _ in try SocketClient(path: server.socketPath) }
        for subscriber in subscribers { subscriber.send(#"{"request":"subscribe"}"# + "\n") }
        nonisolated(unsafe) let speaker = try SocketClient(path: server.socketPath)
        // The 4,000 replies are read on a thread of its own, which alone uses the speaker.
        let peak = await offThread("log speaker") {
            var peak = 0
            for batch in 0..<20 {
                speaker.send((0..<200).map { #"{"request":"speak","text":"Line \#(batch * 200 + $0) of a long log"}"# + "\n" }.joined())
                _ = (0..<200).compactMap { _ in speaker.readLine(timeout: 10) }
                peak = max(peak, Self.residentBytes(of: pid))
            }
            return peak
        }
        let grown = peak - idle
        #expect(grown < 100 * 1_048_576, "the server grew by \(grown / 1_048_576) MB")
        #expect(server.standardErrorText.contains("with the most replies and events waiting unread")
                || server.standardErrorText.contains("Stopped sending events to"), "\(server.standardErrorText.suffix(1_000))")

        let probe = try SocketClient(path: server.socketPath)
        let id = try #require(probe.request(#"{"request":"speak","text":"Probe","politeness":"assertive","rate":450,"follow":true}"#)?.id)
        let events = await probe.events(until: isEnd(of: id), timeout: 20)
        let firstAudio = events.first { $0.event == .firstAudio }?.latency?.value
        #expect((firstAudio ?? 1e9) < 500, "\(events)")
        #expect(server.process.isRunning)
        _ = subscribers.count
    }
}
