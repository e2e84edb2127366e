/// One row of the latency table: a scenario, or one politeness of a recorded timeline.
public struct LatencyRow: Sendable, Equatable {
    /// The row's name in JSON, such as `idle` or `assertive`.
    public var name: String
    /// The row's name for people, such as "Idle".
    public var title: String
    /// The most the 99th percentile of arrival to first audio may be, in microseconds; nil where no bound applies.
    public var bound: UInt64?
    public var firstAudio: LatencyStatistics?
    public var audible: LatencyStatistics?
    /// From the client's own send stamp to audible, where requests carried one.
    public var sentToAudible: LatencyStatistics?
    public var samples: Int
    /// Each announcement that counts against the bound without a latency, and why.
    public var failures: [String]
    /// Sentences about how the scenario ran, such as how many polite announcements the server kept.
    public var notes: [String]

    public init(name: String, title: String, bound: UInt64?, samples: [LatencySample], notes: [String] = []) {
        self.name = name
        self.title = title
        self.bound = bound
        let heard = samples.filter { $0.failure == nil }
        firstAudio = LatencyStatistics(microseconds: heard.compactMap(\.times.arrivalToFirstAudio))
        audible = LatencyStatistics(microseconds: heard.compactMap(\.times.arrivalToAudible))
        sentToAudible = LatencyStatistics(microseconds: heard.compactMap(\.times.sentToAudible))
        self.samples = samples.count
        failures = samples.compactMap { sample in sample.failure.map { "\(sample.id): \($0)" } }
        self.notes = notes
    }

    /// Pass when nothing measured went unheard and the 99th percentile is within the bound; nil without a bound.
    public var passed: Bool? {
        guard let bound else { return nil }
        guard failures.isEmpty, let firstAudio else { return false }
        return firstAudio.exactP99 <= bound
    }

    /// The row as a short line for a braille display: the verdict, then the median and the 99th
    /// percentile of arrival to first audio in whole milliseconds ("Idle: pass, median 1 ms, p99 3 ms.").
    public var shortLine: String {
        let verdict = switch passed {
        case true?: "pass"
        case false?: "FAIL"
        case nil: "no bound"
        }
        var line = "\(title): \(verdict)"
        if let firstAudio {
            line += ", median \(Self.wholeMilliseconds(firstAudio.p50)), p99 \(Self.wholeMilliseconds(firstAudio.exactP99))"
        }
        if !failures.isEmpty { line += ", \(failures.count) never heard" }
        return line + "."
    }

    /// "3 ms", or "under 1 ms" below half a millisecond.
    static func wholeMilliseconds(_ microseconds: UInt64) -> String {
        microseconds < 500 ? "under 1 ms" : "\((microseconds + 500) / 1_000) ms"
    }

    /// The row as one line that reads well aloud, times in milliseconds.
    public var line: String {
        let verdict = switch passed {
        case true?: "pass"
        case false?: "FAIL"
        case nil: "no bound"
        }
        var parts = ["\(title): \(verdict), \(samples) \(samples == 1 ? "sample" : "samples")."]
        if let firstAudio { parts.append("Arrival to first audio \(firstAudio.spoken).") }
        if let audible { parts.append("Arrival to audible \(audible.spoken).") }
        if !failures.isEmpty {
            parts.append("\(failures.count) never heard.")
        }
        if passed == false, let bound, let firstAudio, firstAudio.exactP99 > bound {
            parts.append("The p99 is over \(LatencyStatistics.milliseconds(bound)).")
        }
        return parts.joined(separator: " ")
    }
}
