import TestSupport
import AnnouncerProtocol
import Foundation
import Testing

/// `announce bench` against a real `announcerd`, and the same table again from the timeline it recorded.
/// The servers start with no options, as a QA engineer starts one: every scenario fits the default limits.
/// The plain table, a server that goes away mid-run or never answers, and a timeline that cannot be read
/// are AnnounceCommandTests' `BenchCommandTests`, in the test's own process.
@Suite(.serialized, .startsProcesses) struct BenchCommandTests {
    @Test("bench measures every scenario against the server, and --events reproduces the table from its timeline")
    func benchAgainstServerAndFromTimeline() async throws {
        let server = try await ServerProcess.start(arguments: [])
        defer { server.end() }
        let timeline = (server.socketPath as NSString).deletingLastPathComponent + "/bench.jsonl"
        let run = try await ProgramRun.run(
            ServerProcess.announce.path, ["bench", "--samples", "3", "--record", timeline, "--json"],
            environment: ["ANNOUNCER_SOCKET": server.socketPath], timeout: 120)
        // Exit 0 when every row passed and 1 when one failed; which, on a loaded machine, is the
        // Benchmarks suite's business. Here the rows must agree with the status.
        #expect(run.status == 0 || run.status == 1, "\(run.standardError)")
        #expect(run.standardError.unwrapped.contains("Scenario Idle: measuring an assertive announcement when nothing speaks or waits, 3 times."))
        let live = try BenchReport.rows(ofJSON: run.standardOutput)
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
        // bench fills the queue (9,995 in one run), the rest wait.
        let note = backlogNotes.first ?? ""
        let waiting = Int(note.prefix { $0 != " " }.filter(\.isNumber)) ?? 0
        #expect((9_900..<10_000).contains(waiting), "\(note)")
        #expect(note.contains("of the 10,000 polite announcements were waiting when the first assertive one arrived."), "\(note)")
        #expect(!note.contains("dropped"), "\(note)")

        let replay = try await ProgramRun.run(ServerProcess.announce.path, ["bench", "--events", timeline, "--json"])
        #expect(replay.status == run.status, "\(replay.standardError)")
        let replayed = try BenchReport.rows(ofJSON: replay.standardOutput)
        #expect(replayed.count == live.count)
        for (left, right) in zip(live, replayed) {
            #expect(left.firstAudio != nil && left.firstAudio == right.firstAudio, "arrival_to_first_audio_ms of \(left.name)")
            #expect(left.audible != nil && left.audible == right.audible, "arrival_to_audible_ms of \(left.name)")
            #expect(left.sentToAudible != nil && left.sentToAudible == right.sentToAudible, "sent_to_audible_ms of \(left.name)")
            #expect(left.samples == right.samples, "samples of \(left.name)")
            #expect(left.passed != nil && left.passed == right.passed, "passed of \(left.name)")
        }
    }

    @Test("Interrupted with Ctrl-C, bench cancels its own announcements and leaves the shared server idle")
    func interruptedBenchLeavesNothingBehind() async throws {
        let server = try await ServerProcess.start(arguments: [])
        defer { server.end() }
        let bench = BenchProcess(["bench", "--socket", server.socketPath, "--scenario", "backlog", "--samples", "50"])
        try bench.start()
        // Interrupt once the 10,000 polite announcements are on their way.
        #expect(await waitFor({ bench.standardError.contains("Scenario 10,000 polite waiting") }, seconds: 30))
        // Interrupted while its backlog is still being sent (a thousand of it waiting at the server), bench
        // left hundreds behind its cancel in every run, so it gets time to send it all; bench says nothing
        // when it has.
        // Not a wait: nothing tells when bench's backlog is all sent (a leak of bench's own, reported to the lead).
        try await Task.sleep(for: .seconds(1.5))
        let status = await bench.stop(signal: SIGINT)
        #expect(status == 130)
        #expect(bench.standardError.contains("Stopped by Ctrl-C; cancelling the bench's own announcements."))
        let client = try SocketClient(path: server.socketPath)
        let reply = try #require(client.request(.status))
        let left = try #require(reply.body(StatusBody.self), "\(reply.text)")
        #expect(left.speaking == nil, "\(reply.text)")
        #expect(left.waiting.polite == 0, "\(reply.text)")
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

/// `announce bench` running in the background, so a test can interrupt it.
private final class BenchProcess: Sendable {
    private let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private let errorText = LogText()

    init(_ arguments: [String]) {
        process.executableURL = ServerProcess.announce
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        let errorText = errorText
        errors.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            if !chunk.isEmpty { errorText.append(String(decoding: chunk, as: UTF8.self)) }
        }
    }

    func start() throws { try process.run() }

    var standardError: String { errorText.text }

    /// Everything printed on standard output; read once the process has ended.
    var standardOutput: String { String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }

    func stop(signal: Int32) async -> Int32? {
        kill(process.processIdentifier, signal)
        return await wait(seconds: 30)
    }

    /// The exit status, or nil (after killing it) if it had not ended within the time.
    func wait(seconds: Double) async -> Int32? {
        guard await waitFor({ !process.isRunning }, seconds: seconds) else {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        return process.terminationStatus
    }
}
