import AnnouncerBench
import AnnouncerClient
import AnnouncerCore
import Testing

/// The latency table: percentiles from the timeline, pass or fail against 500 ms, and what counts as never heard.
@Suite struct LatencyReportTests {
    /// The events of one announcement heard `latency` microseconds after it arrived at `start`.
    private func heard(_ id: String, _ politeness: Politeness, at start: UInt64, latency: UInt64, sentBefore: UInt64? = nil) -> [AnnouncementEvent] {
        [
            AnnouncementEvent(id: id, stage: .received, time: start, sent: sentBefore.map { start - $0 }, politeness: politeness),
            AnnouncementEvent(id: id, stage: .queued, time: start + 1, politeness: politeness),
            AnnouncementEvent(id: id, stage: .firstAudio, time: start + latency, politeness: politeness),
            AnnouncementEvent(id: id, stage: .audible, time: start + latency + 2_000, politeness: politeness),
            AnnouncementEvent(id: id, stage: .ended, time: start + latency + 900_000, politeness: politeness, outcome: .spoken),
        ]
    }

    private func ended(_ id: String, _ politeness: Politeness, at start: UInt64, outcome: Outcome.Kind) -> [AnnouncementEvent] {
        [
            AnnouncementEvent(id: id, stage: .received, time: start, politeness: politeness),
            AnnouncementEvent(id: id, stage: .ended, time: start + 10, politeness: politeness, outcome: outcome),
        ]
    }

    private func collector(_ events: [[AnnouncementEvent]]) -> TimelineCollector {
        let timeline = TimelineCollector()
        for event in events.joined() { timeline.record(event) }
        return timeline
    }

    @Test("Rows of a recorded bench are its scenarios, with percentiles of arrival to first audio and to audible")
    func benchTimelineGivesScenarioRows() throws {
        // 100 idle samples of 1, 2, … 100 ms; scene-setting announcements are not measured.
        var events = (1...100).map { heard("bench.idle.\($0)", .assertive, at: UInt64($0) * 10_000_000, latency: UInt64($0) * 1_000, sentBefore: 300) }
        events.append(heard("bench.cut.0.polite", .polite, at: 5, latency: 900_000))
        events.append(heard("bench.cut.0", .assertive, at: 2_000_000, latency: 4_000))
        let report = LatencyReport(recorded: collector(events), source: "a test")
        #expect(report.rows.map(\.name) == ["idle", "cut"])
        let idle = try #require(report.rows.first)
        #expect(idle.samples == 100)
        #expect(idle.passed == true)
        let firstAudio = try #require(idle.firstAudio)
        // The HDR histogram keeps three significant digits: each percentile within 0.1 % of the exact rank.
        #expect(abs(Int(firstAudio.p50) - 50_000) <= 50)
        #expect(abs(Int(firstAudio.p90) - 90_000) <= 90)
        #expect(abs(Int(firstAudio.p99) - 99_000) <= 99)
        #expect(abs(Int(firstAudio.max) - 100_000) <= 100)
        #expect(abs(Int(try #require(idle.audible).p50) - 52_000) <= 52)
        #expect(abs(Int(try #require(idle.sentToAudible).p50) - 52_300) <= 53)
        #expect(report.rows[1].samples == 1)
        #expect(report.passed)
    }

    @Test("A scenario whose 99th percentile is over 500 ms fails, and so does the report")
    func slowScenarioFails() throws {
        // 98 fast ones and 2 at 600 ms: the 99th percentile is 600 ms.
        let events = (0..<100).map { run in
            heard("bench.burst.\(run)", .assertive, at: UInt64(run) * 10_000_000, latency: run < 98 ? 3_000 : 600_000)
        }
        let report = LatencyReport(recorded: collector(events), source: "a test")
        let row = try #require(report.rows.first)
        #expect(row.passed == false)
        #expect(!report.passed)
        #expect(row.line.hasPrefix("Burst of 100 assertive: FAIL, 100 samples."))
        #expect(row.line.contains("The p99 is over 500.00."))
        #expect(report.lines.last == "Failed: Burst of 100 assertive.")
    }

    @Test("A measured announcement that is never heard fails its scenario, whatever its latency figures")
    func unheardMeasuredAnnouncementFails() throws {
        var events = (0..<5).map { heard("bench.idle.\($0)", .assertive, at: UInt64($0) * 10_000_000, latency: 1_000) }
        events.append(ended("bench.idle.5", .assertive, at: 90_000_000, outcome: .failed))
        let row = try #require(LatencyReport(recorded: collector(events), source: "a test").rows.first)
        #expect(row.samples == 6)
        #expect(row.firstAudio?.count == 5)
        #expect(row.failures == ["bench.idle.5: it ended failed without audio"])
        #expect(row.passed == false)
    }

    @Test("Any other timeline is reported by politeness; cancelled ones are left out and only assertive ones have a bound")
    func testerTimelineGivesPolitenessRows() throws {
        let events = [
            heard("1", .polite, at: 0, latency: 700_000),
            heard("2", .assertive, at: 1_000_000, latency: 2_000),
            ended("3", .assertive, at: 2_000_000, outcome: .cancelled),
            ended("4", .polite, at: 3_000_000, outcome: .expired),
            // Seen only from its middle, as when a capture starts late: no arrival, so no latency.
            [AnnouncementEvent(id: "5", stage: .firstAudio, time: 4_000_000, politeness: .assertive)],
        ]
        let report = LatencyReport(recorded: collector(events), source: "a test")
        #expect(report.rows.map(\.name) == ["assertive", "polite"])
        #expect(report.rows[0].samples == 1)
        #expect(report.rows[0].passed == true)
        #expect(report.rows[1].samples == 2)
        #expect(report.rows[1].passed == nil)
        #expect(report.rows[1].failures == ["4: it ended expired without audio"])
        #expect(report.rows[1].line.hasPrefix("Polite announcements: no bound, 2 samples."))
        #expect(report.passed)
    }

    @Test("An id used again is a new announcement, so a failure after a fast one is not hidden")
    func reusedIDsStayApart() throws {
        let events = [
            heard("status", .assertive, at: 0, latency: 900_000),
            ended("status", .assertive, at: 5_000_000, outcome: .failed),
        ]
        let report = LatencyReport(recorded: collector(events), source: "a test")
        let row = try #require(report.rows.first)
        #expect(row.samples == 2)
        #expect(row.failures == ["status: it ended failed without audio"])
        #expect(row.passed == false)
        #expect(row.firstAudio?.max == 900_000)
    }

    @Test("A line whose times no clock could show is passed over, not a crash")
    func impossibleTimesArePassedOver() {
        #expect(AnnouncementEvent(ServerLine(#"{"t_ms":1e300,"id":"1","event":"received"}"#)) == nil)
        #expect(AnnouncementEvent(ServerLine(#"{"t_ms":-5,"id":"1","event":"received"}"#)) == nil)
        #expect(AnnouncementEvent(ServerLine(#"{"t_ms":5,"sent_ms":1e300,"id":"1","event":"received"}"#)) == nil)
    }

    @Test("A timeline of polite announcements alone says that nothing was checked against the bound")
    func politeOnlyTimelineSaysNothingWasChecked() {
        let report = LatencyReport(recorded: collector([heard("1", .polite, at: 0, latency: 2_000)]), source: "a test")
        #expect(!report.passed)
        #expect(report.lines.last == "No row has a bound, since it holds no assertive announcement, so nothing was checked against 500 ms.")
    }

    @Test("The verdict uses the exact 99th percentile, not the top of the histogram's bucket")
    func verdictUsesExactPercentile() throws {
        // 499.9 ms lies in a 256 µs bucket whose top is above 500 ms.
        let row = try #require(LatencyReport(recorded: collector([heard("bench.idle.0", .assertive, at: 0, latency: 499_900)]), source: "a test").rows.first)
        #expect(row.firstAudio?.exactP99 == 499_900)
        #expect(row.passed == true)
    }

    @Test("A timeline with nothing measurable says so and does not pass")
    func emptyTimelineDoesNotPass() {
        let report = LatencyReport(recorded: TimelineCollector(), source: "an empty file")
        #expect(report.rows.isEmpty)
        #expect(!report.passed)
        #expect(report.lines.contains("No announcement in it was received and heard, so there is nothing to measure."))
    }

    @Test("Event lines are read from the server's JSON, their latency too, and other lines are passed over")
    func eventsAreReadFromServerLines() throws {
        let line = #"{"t_ms":2887658.154,"id":"bench.idle.3","event":"first_audio","sent_ms":2887657.5,"latency_ms":0.3,"politeness":"assertive","lang":"en","region":null,"text":"Error"}"#
        let event = try #require(AnnouncementEvent(ServerLine(line)))
        #expect(event == AnnouncementEvent(id: "bench.idle.3", stage: .firstAudio, time: 2_887_658_154, sent: 2_887_657_500, politeness: .assertive, latency: 0.3))
        #expect(AnnouncementEvent(ServerLine(#"{"reply":"speak","ok":true,"id":"4"}"#)) == nil)
        #expect(AnnouncementEvent(ServerLine("not json")) == nil)
    }

    @Test("Bench ids name their scenario and run, and tell measured announcements from scene-setting ones")
    func benchIDsRoundTrip() throws {
        let measured = try #require(BenchID("bench.language.12"))
        #expect(measured.scenario == .language)
        #expect(measured.run == 12)
        #expect(measured.isMeasured)
        let extra = try #require(BenchID("bench.backlog.0.fill9999"))
        #expect(!extra.isMeasured)
        #expect(extra.description == "bench.backlog.0.fill9999")
        #expect(BenchID("bench.idle") == nil)
        #expect(BenchID("17") == nil)
        #expect(BenchID("bench.idle.x") == nil)
    }

    @Test("The JSON report carries every row's percentiles in milliseconds")
    func jsonReportCarriesRows() throws {
        let events = [heard("bench.idle.0", .assertive, at: 0, latency: 1_234)]
        let json = LatencyReport(recorded: collector(events), source: "a test").json
        #expect(json.hasPrefix(#"{"source":"a test","passed":true,"stopped_early":null,"rows":[{"name":"idle","title":"Idle","samples":1,"passed":true,"bound_ms":500.000,"arrival_to_first_audio_ms":{"p50":1.234,"#))
    }
}
