import AnnouncerBench
import Benchmark
import Synchronization

/// Keeps every measured sample of one latency benchmark and fails the run when its scenario's row, judged as
/// `announce bench` judges it, fails: an announcement never heard, or the 99th percentile of arrival to first
/// audio over the 500 ms bound.
///
/// Benchmark 1.38.1 has no "p99 must stay under X" check of its own: its absolute thresholds are
/// tolerances between two runs, and its static thresholds (`thresholds check`) are p90 only.
final class LatencyGate: Sendable {
    private let name: String
    private let scenario: BenchScenario
    private let samples = Mutex<[LatencySample]>([])

    init(_ name: String, scenario: BenchScenario) {
        self.name = name
        self.scenario = scenario
    }

    /// Run in setup.
    func reset() { samples.withLock { $0.removeAll(keepingCapacity: true) } }

    /// Records one round's sample: its latencies go to the results table, and the sample to the gate.
    func record(_ sample: LatencySample, in benchmark: Benchmark) {
        if let firstAudio = sample.times.arrivalToFirstAudio { benchmark.measurement(arrivalToFirstAudio, Int(firstAudio)) }
        if let audible = sample.times.arrivalToAudible { benchmark.measurement(arrivalToAudible, Int(audible)) }
        if let failure = sample.failure { failTheRunAtExit("\(name): the assertive announcement \(sample.id) was never heard: \(failure).") }
        // Warm-up iterations are not part of the results, so not part of the gate either.
        guard benchmark.currentIteration >= benchmark.configuration.warmupIterations else { return }
        samples.withLock { $0.append(sample) }
    }

    /// Run in teardown.
    func check() {
        let row = scenario.row(samples: samples.withLock { $0 })
        guard let firstAudio = row.firstAudio, let bound = row.bound else {
            failTheRunAtExit("\(name): no latency was measured.")
            return
        }
        let line = "\(name): p99 arrival to first audio is \(firstAudio.exactP99) μs over \(firstAudio.count) announcements; the limit is \(bound) μs."
        if row.passed == true {
            print("passed: \(line)")
        } else {
            failTheRunAtExit(line)
        }
    }
}
