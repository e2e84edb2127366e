import Benchmark

/// Keeps every measured latency of one benchmark and fails the run when their 99th percentile is over the limit.
///
/// Benchmark 1.38.1 has no "p99 must stay under X" check of its own: its absolute thresholds are
/// tolerances between two runs, and its static thresholds (`thresholds check`) are p90 only.
final class LatencyGate: Sendable {
    private let name: String
    private let limit: Int
    private let samples = Locked<[Int]>([])

    init(_ name: String, limit: Int) {
        self.name = name
        self.limit = limit
    }

    /// Run in setup.
    func reset() { samples.withLock { $0.removeAll(keepingCapacity: true) } }

    /// Records one announcement's latencies: both go to the results table, first audio also to the gate.
    func record(_ latency: Latency, in benchmark: Benchmark) {
        let microseconds = Int(latency.firstAudio.microseconds)
        benchmark.measurement(arrivalToFirstAudio, microseconds)
        benchmark.measurement(arrivalToAudible, Int(latency.audible.microseconds))
        // Warm-up iterations are not part of the results, so not part of the gate either.
        guard benchmark.currentIteration >= benchmark.configuration.warmupIterations else { return }
        samples.withLock { $0.append(microseconds) }
    }

    /// The 99th percentile by the nearest-rank method: the smallest sample that at least 99 % of samples do not exceed.
    static func p99(_ values: [Int]) -> Int? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((0.99 * Double(sorted.count)).rounded(.up))
        return sorted[max(0, rank - 1)]
    }

    /// Run in teardown.
    func check() {
        let values = samples.withLock { $0 }
        guard let p99 = Self.p99(values) else {
            failTheRunAtExit("\(name): no latency was measured.")
            return
        }
        let line = "\(name): p99 arrival to first audio is \(p99) μs over \(values.count) announcements; the limit is \(limit) μs."
        if p99 > limit {
            failTheRunAtExit(line)
        } else {
            print("passed: \(line)")
        }
    }
}
