import AnnouncerCommandLine
import AnnouncerCore
import Foundation
import SeamTestSupport
import ServerSeamSupport
import Testing
import TestSupport

/// `announce bench` against announcerd's server in this process, on the fake engine: what it keeps and
/// says when the server goes away mid-run. EndToEndTests keeps the bench against a real announcerd, with
/// real eSpeak NG's timing against the 500 ms bound.
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
