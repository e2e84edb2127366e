public import AnnouncerClient
import JSONLineEncoding
import AnnouncerCore

/// The latency table `announce bench` prints: one row per scenario, or per politeness of a recorded timeline.
public struct LatencyReport: Sendable, Equatable {
    /// What was measured, such as "the server at /run/user/1000/announcer/announcer.sock".
    public var source: String
    public var rows: [LatencyRow]
    /// Why the bench stopped before its last scenario, if it did; the rows measured until then stay.
    public var stoppedEarly: String?

    /// The product's promise: an assertive announcement starts within 500 ms, at the 99th percentile.
    public static let assertiveBound: UInt64 = 500_000

    public init(source: String, rows: [LatencyRow]) {
        self.source = source
        self.rows = rows
    }

    /// Whether every row with a bound passed; a report without such a row has nothing to pass.
    public var passed: Bool {
        stoppedEarly == nil && rows.allSatisfy { $0.passed != false } && rows.contains { $0.passed == true }
    }

    /// The report as plain lines, each readable on its own by a screen reader or braille display:
    /// every figure, each row's notes.
    public var lines: [String] { lines(verbose: true) }

    /// The report as plain lines. Without `verbose`, a short row per scenario (its verdict, median and
    /// p99 in whole milliseconds) that fits a braille display; with it, every figure and note.
    public func lines(verbose: Bool) -> [String] {
        var lines = verbose
            ? ["Announcement latency of \(source). Times are in milliseconds; the bound is \(LatencyStatistics.milliseconds(Self.assertiveBound)) at the 99th percentile of arrival to first audio."]
            : ["Announcement latency of \(source).", "Arrival to first audio; the bound is 500 ms at the 99th percentile."]
        if rows.isEmpty { lines.append("No announcement in it was received and heard, so there is nothing to measure.") }
        for row in rows {
            lines.append(verbose ? row.line : row.shortLine)
            if verbose { lines += row.notes }
            lines += row.failures.map { "Never heard: \($0)." }
        }
        if rows.contains(where: { $0.passed != nil }) {
            let failed = rows.filter { $0.passed == false }.map(\.title)
            lines.append(failed.isEmpty
                ? "Every measured row passed."
                : "Failed: \(failed.joined(separator: ", ")).")
        } else if !rows.isEmpty {
            lines.append("No row has a bound, since it holds no assertive announcement, so nothing was checked against 500 ms.")
        }
        if let stoppedEarly { lines.append("The bench stopped early: \(stoppedEarly)") }
        return lines
    }

    /// The same report as one JSON object; times in milliseconds with microsecond decimals.
    public var json: String {
        // Strings, numbers and booleans only: encoding cannot fail.
        try! JSONLineEncoder().encode(ReportLine(self))
    }
}

extension LatencyReport {
    /// The report of a recorded timeline, such as one captured while a tester used an app.
    ///
    /// Announcements that `announce bench` made (ids `bench.SCENARIO.N`) form one row per scenario, as the
    /// bench itself reports them. Any others form one row per politeness; the bound applies to assertive ones.
    /// Announcements cancelled or replaced before any audio are left out: nobody was waiting to hear them.
    public init(recorded timeline: TimelineCollector, source: String) {
        var scenarioSamples: [BenchScenario: [LatencySample]] = [:]
        var politenessSamples: [Politeness: [LatencySample]] = [:]
        for (id, times) in timeline.all() {
            if let measured = BenchID(id) {
                if measured.isMeasured, let scenario = measured.scenario {
                    scenarioSamples[scenario, default: []].append(.measured(id, times))
                }
                continue
            }
            guard let sample = LatencySample.recorded(id, times) else { continue }
            // A recorded announcement always has its politeness; one without is left out of the rows.
            guard let politeness = times.politeness else { continue }
            politenessSamples[politeness, default: []].append(sample)
        }
        var rows = BenchScenario.allCases.compactMap { scenario in
            scenarioSamples[scenario].map { scenario.row(samples: $0) }
        }
        for (politeness, title) in [(Politeness.assertive, "Assertive announcements"), (.polite, "Polite announcements")] {
            guard let samples = politenessSamples[politeness] else { continue }
            rows.append(LatencyRow(name: politeness.rawValue, title: title, bound: politeness == .assertive ? Self.assertiveBound : nil, samples: samples))
        }
        self.init(source: source, rows: rows)
    }
}

/// The report as `bench --json` writes it; times in milliseconds with microsecond decimals.
private struct ReportLine: Encodable {
    var source: String
    var passed: Bool
    var stoppedEarly: String?
    var rows: [Row]

    enum CodingKeys: String, CodingKey { case source, passed, stoppedEarly = "stopped_early", rows }

    init(_ report: LatencyReport) {
        source = report.source
        passed = report.passed
        stoppedEarly = report.stoppedEarly
        rows = report.rows.map(Row.init)
    }

    struct Row: Encodable {
        var name: String
        var title: String
        var samples: Int
        var passed: Bool?
        var bound: Milliseconds?
        var firstAudio: Statistics?
        var audible: Statistics?
        var sentToAudible: Statistics?
        var neverHeard: [String]
        var notes: [String]

        enum CodingKeys: String, CodingKey {
            case name, title, samples, passed, bound = "bound_ms", firstAudio = "arrival_to_first_audio_ms"
            case audible = "arrival_to_audible_ms", sentToAudible = "sent_to_audible_ms", neverHeard = "never_heard", notes
        }

        init(_ row: LatencyRow) {
            name = row.name
            title = row.title
            samples = row.samples
            passed = row.passed
            bound = row.bound.map { Milliseconds(microseconds: $0) }
            firstAudio = row.firstAudio.map(Statistics.init)
            audible = row.audible.map(Statistics.init)
            sentToAudible = row.sentToAudible.map(Statistics.init)
            neverHeard = row.failures
            notes = row.notes
        }
    }

    struct Statistics: Encodable {
        var p50, p90, p99, max: Milliseconds
        var count: Int

        init(_ statistics: LatencyStatistics) {
            p50 = Milliseconds(microseconds: statistics.p50)
            p90 = Milliseconds(microseconds: statistics.p90)
            p99 = Milliseconds(microseconds: statistics.p99)
            max = Milliseconds(microseconds: statistics.max)
            count = statistics.count
        }
    }
}
