import AnnouncerCore
import Benchmark

/// The live-region queue alone: no threads, no clock, no speech.
enum QueueOperationsBenchmark {
    /// One operation is a submit (queued, start) followed by its speechEnded (spoken).
    static func register() {
        Benchmark(
            "Live-region queue operations (submit + speechEnded)",
            configuration: .perOperation
        ) { (benchmark: Benchmark, announcements: [Announcement]) in
            // A fresh queue each round, since the announcements' arrival times start again.
            var queue = LiveRegionQueue(policy: .standard)
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations {
                let announcement = announcements[index]
                blackHole(queue.submit(announcement, now: announcement.arrival))
                blackHole(queue.speechEnded(announcement.id, result: .completed, now: announcement.arrival))
            }
        } setup: {
            // Made once, outside the measurement: arrivals two seconds apart, so none is a duplicate
            // of the one before; two texts; every fifth one assertive; all for one region.
            let start = MonotonicInstant.now()
            return try (0..<BenchmarkScalingFactor.kilo.rawValue).map { index in
                try Announcement(
                    text: index.isMultiple(of: 2) ? "Saved." : "Three new messages.",
                    politeness: index.isMultiple(of: 5) ? .assertive : .polite,
                    region: RegionID("status"),
                    arrival: start + .seconds(2 * index)
                )
            }
        }
    }
}

extension Benchmark.Configuration {
    /// For benchmarks of one cheap operation done a thousand times per round, reported per operation:
    /// operations per second, time and allocations.
    static var perOperation: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.throughput, .wallClock, .mallocCountTotal],
            warmupIterations: 5,
            scalingFactor: .kilo,
            maxDuration: .seconds(3),
            maxIterations: 1_000
        )
    }
}
