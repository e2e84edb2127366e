import AnnouncerCommandLine
import AnnouncerCore
import Foundation
import SeamTestSupport
import ServerSeamSupport
import Testing
import TestSupport

/// `announce bench` in this process: against announcerd's server on the fake engine, the table it prints
/// and what it keeps and says when the server goes away mid-run; against a server that never answers; and
/// its table from a recorded timeline that cannot be read. EndToEndTests keeps the bench against a real
/// announcerd, with real eSpeak NG's timing against the 500 ms bound, its table from the timeline it
/// recorded, and Ctrl-C.
@Suite struct BenchCommandTests {
    @Test("When the server goes away mid-run, bench keeps the rows it measured and says why it stopped")
    func benchThatStopsEarlyKeepsItsRows() throws {
        let server = try InProcessServer()
        var vanished = false
        defer { if !vanished { server.stop() } }
        let arrivals = ArrivalWatch()
        server.engine.scheduler.addObserver(arrivals)
        let ended = DispatchSemaphore(value: 0)
        let result = Locked<(status: Int32, output: CapturedOutput)?>(nil)
        let socket = server.socketPath
        Thread.detachNewThread {
            let run = CommandRun.run(["bench", "--socket", socket, "--verbose", "--scenario", "idle", "--scenario", "cut", "--samples", "20"])
            result.update { $0 = (run.status, run.output) }
            ended.signal()
        }
        // The idle rounds are done once the cut scenario's first announcement reaches the server.
        try #require(arrivals.waitForID(containing: "bench.cut."), "the bench never began the cut scenario")
        server.vanish()
        vanished = true
        try #require(ended.wait(timeout: .now() + 30) == .success, "bench did not end after its server went away")
        let run = try #require(result.value)
        #expect(run.status == 1)
        let lines = run.output.outputLines
        #expect(lines.contains { $0.hasPrefix("Idle: ") && $0.contains("20 samples") }, "\(lines)")
        #expect(lines.last == "The bench stopped early: The announcer server closed the connection.", "\(lines)")
    }

    @Test("The table reads line by line: one sentence per scenario, and a last line that sums it up")
    func plainTableReadsLineByLine() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let run = CommandRun.run(["bench", "--socket", server.socketPath, "--samples", "2", "--scenario", "idle", "--scenario", "language"])
        let output = run.output.output
        let lines = output.replacingOccurrences(of: "\n  ", with: " ").split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(output)\(run.output.error)")
        #expect(lines.first == "Announcement latency of the server at \(server.socketPath).")
        #expect(lines.dropFirst().first == "Arrival to first audio; the bound is 500 ms at the 99th percentile.")
        try #require(lines.count == 5)
        let row = #"(pass|FAIL), median (under 1|\d+) ms, p99 (under 1|\d+) ms\.$"#
        #expect(lines[2].range(of: "^Idle: " + row, options: .regularExpression) != nil, "\(lines[2])")
        #expect(lines[3].range(of: "^Language switch, English to Norwegian: " + row, options: .regularExpression) != nil, "\(lines[3])")
        #expect(lines[4] == (run.status == 0 ? "Every measured row passed." : "Failed: \(lines[2].hasPrefix("Idle: FAIL") ? "Idle" : "Language switch, English to Norwegian")."))
        // A braille display's 80 cells take each line whole, a server path longer than that aside.
        #expect(output.split(separator: Character("\n")).dropFirst().allSatisfy { (line: Substring) in line.count <= 80 }, "\(output)")
        #expect(!output.contains("\u{1B}"))

        let verbose = CommandRun.run(["bench", "--socket", server.socketPath, "--verbose", "--samples", "2", "--scenario", "idle"])
        let full = verbose.output.output.replacingOccurrences(of: "\n  ", with: " ")
        #expect(full.contains("Idle: pass, 2 samples. Arrival to first audio p50 ") || full.contains("Idle: FAIL, 2 samples."), "\(full)")
    }

    @Test("bench stops with one sentence, not a hang, when the server takes requests and never answers")
    func silentServerIsAPlainError() throws {
        // Unix socket paths are limited to 107 bytes, so the folder is short.
        let folder = "/tmp/anb-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/silent.sock"
        // A listener that accepts and then says nothing: the kernel completes the connection for it.
        let listener = try #require(UnixSocketAddress.silentListener(at: path))
        defer { close(listener) }
        let run = CommandRun.run(["bench", "--socket", path, "--scenario", "idle", "--samples", "1"])
        #expect(run.status == 1)
        #expect(run.errorMessage == "The announcer server did not answer within 10 seconds, so announce gave up.", "\(run.errorMessage)")
        #expect(run.printedError.joined(separator: "\n").unwrapped == "Error: The announcer server did not answer within 10 seconds, so announce gave up.",
                "\(run.printedError)")
    }

    @Test("A timeline that cannot be read, or holds no event, is one plain sentence and exit status 1")
    func missingTimelineIsAPlainError() throws {
        let run = CommandRun.run(["bench", "--events", "/nonexistent/timeline.jsonl"])
        #expect(run.status == 1)
        #expect(run.errorMessage == "The timeline /nonexistent/timeline.jsonl could not be opened; check the path and that you may read it.", "\(run.errorMessage)")
        #expect(run.output.output.isEmpty, "\(run.output.output)")
        let junk = CommandRun.run(["bench", "--events", "-"], input: "not a timeline\n")
        #expect(junk.status == 1)
        #expect(junk.errorMessage == "No line of standard input is a timeline event; give a file written by announcerd --events, announce events or announce bench --record.", "\(junk.errorMessage)")
        #expect(junk.output.output.isEmpty, "\(junk.output.output)")
    }
}

/// The ids of the announcements a server's engine took, and a wait, woken by each, for one of them.
private final class ArrivalWatch: TimelineObserver, Sendable {
    private let ids = Locked<[String]>([])
    private let news = EventNews()

    func record(_ event: TimelineEvent) {
        if event.kind == .received { ids.update { $0.append(event.announcement.id.rawValue) } }
        news.told()
    }

    /// True once an announcement whose id holds `part` has arrived; false after `seconds`.
    func waitForID(containing part: String, seconds: Double = 30) -> Bool {
        news.wait(until: Date().addingTimeInterval(seconds)) { ids.value.contains { $0.contains(part) } ? true : nil } ?? false
    }
}
