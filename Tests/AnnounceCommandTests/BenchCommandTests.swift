import AnnouncerCommandLine
import AnnouncerCore
import Foundation
import SeamTestSupport
import ServerSeamSupport
import Testing
import TestSupport

/// `announce bench` against announcerd's server in this process, on the fake engine: its rows, its JSON,
/// and the same table again from the timeline it recorded. EndToEndTests keeps the bench against a real
/// announcerd, with real eSpeak NG's timing against the 500 ms bound.
@Suite struct BenchCommandTests {
    @Test("bench measures every scenario against the server, and --events reproduces the table from its timeline")
    func benchAgainstServerAndFromTimeline() throws {
        let server = try InProcessServer()
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let timeline = folder + "/bench.jsonl"
        let run = CommandRun.run(["bench", "--socket", server.socketPath, "--samples", "3", "--record", timeline, "--json"])
        // Exit 0 when every row passed and 1 when one failed. Here the rows must agree with the status.
        #expect(run.status == 0 || run.status == 1, "\(run.errorMessage) \(run.output.error)")
        #expect(run.output.error.unwrapped.contains("Scenario Idle: measuring an assertive announcement when nothing speaks or waits, 3 times."))
        let live = try BenchReport.rows(ofJSON: run.output.output)
        #expect(live.map(\.name) == ["idle", "cut", "backlog", "clients", "language", "burst"])
        for row in live {
            #expect(row.samples == 3)
            let passed = try #require(row.passed as Bool?)
            if !passed { #expect(run.status == 1) }
            let firstAudio = try #require(row.firstAudio)
            let p99 = firstAudio.p99
            #expect(p99 > 0)
            #expect(passed == (p99 <= 500.3), "\(row)")
            // Every bench request carries its send time, so send-to-audible is known for each.
            #expect(row.sentToAudible?.count == 3)
        }
        let backlogNotes = live[2].notes ?? []
        // A client may have 10,000 polite waiting, so none is dropped; a few are spoken while the
        // bench fills the queue, the rest wait.
        let note = backlogNotes.first ?? ""
        let waiting = Int(note.prefix { $0 != " " }.filter(\.isNumber)) ?? 0
        #expect((9_900..<10_000).contains(waiting), "\(note)")
        #expect(note.contains("of the 10,000 polite announcements were waiting when the first assertive one arrived."), "\(note)")
        #expect(!note.contains("dropped"), "\(note)")

        let replay = CommandRun.run(["bench", "--events", timeline, "--json"])
        #expect(replay.status == run.status, "\(replay.errorMessage)")
        let replayed = try BenchReport.rows(ofJSON: replay.output.output)
        #expect(replayed.count == live.count)
        for (left, right) in zip(live, replayed) {
            #expect(left.firstAudio != nil && left.firstAudio == right.firstAudio, "arrival_to_first_audio_ms of \(left.name)")
            #expect(left.audible != nil && left.audible == right.audible, "arrival_to_audible_ms of \(left.name)")
            #expect(left.sentToAudible != nil && left.sentToAudible == right.sentToAudible, "sent_to_audible_ms of \(left.name)")
            #expect(left.samples == right.samples, "samples of \(left.name)")
            #expect(left.passed != nil && left.passed == right.passed, "passed of \(left.name)")
        }
    }

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

/// What `bench --json` prints, as far as these tests read it. It is the command's report, not a line of
/// the wire protocol, and the command's own type for it is private and write-only; so this one decodes the
/// fields checked here and no more. Spelling the keys out again is the point: a renamed key fails here.
private struct BenchReport: Decodable {
    var rows: [Row]

    struct Row: Decodable {
        var name: String
        var samples: Int
        var passed: Bool?
        var firstAudio: Statistics?
        var audible: Statistics?
        var sentToAudible: Statistics?
        var notes: [String]?

        enum CodingKeys: String, CodingKey {
            case name, samples, passed, firstAudio = "arrival_to_first_audio_ms", audible = "arrival_to_audible_ms"
            case sentToAudible = "sent_to_audible_ms", notes
        }
    }

    /// A row's percentiles in milliseconds, compared as written.
    struct Statistics: Decodable, Equatable {
        var p50, p90, p99, max: Double
        var count: Int
    }

    static func rows(ofJSON text: String) throws -> [Row] {
        try JSONDecoder().decode(BenchReport.self, from: Data(text.utf8)).rows
    }
}
