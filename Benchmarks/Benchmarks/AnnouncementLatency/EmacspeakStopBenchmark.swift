import AnnouncerClient
import AnnouncerEmbedded
import AnnouncerCore
import AnnouncerEngine
import Benchmark
import Dispatch
import Synchronization

/// Emacspeak's `s`, from the moment `announce emacspeak` has read the line to the sink's cut, on each
/// available sink: Emacspeak's users judge a server by how fast it goes quiet at a key press.
///
/// Each round queues a long line (`q`, `d`) on the engine, waits until it is heard, and hands the
/// session `s` as the input loop does. The figure is the `ended` (cancelled) event's time less the
/// line's arrival: the scheduler records it right after it has told the sink to cut, so it is the
/// cut's time. The run fails when the 99th percentile is over one audio period (10 ms).
enum EmacspeakStopBenchmark {
    /// One ALSA period, as `ALSASink` asks for it: the bound for a stop.
    static let bound = 10_000

    static func register(on sink: BenchmarkSink) {
        let name = "Emacspeak s, line read to the sink's cut (\(sink.label))"
        let choice = EngineChoice(sink: sink)
        let samples = Mutex<[Int]>([])
        let configuration = Benchmark.Configuration(
            metrics: [lineToCut, .wallClock],
            timeUnits: .microseconds,
            units: [lineToCut: .count],
            warmupIterations: 3,
            scalingFactor: .one,
            maxDuration: .seconds(20),
            maxIterations: 50,
            setup: { samples.withLock { $0.removeAll() } },
            teardown: {
                let sorted = samples.withLock { $0 }.sorted()
                guard !sorted.isEmpty else { return failTheRunAtExit("\(name): no stop was measured.") }
                let p99 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
                let line = "\(name): p99 \(p99) μs, median \(sorted[sorted.count / 2]) μs over \(sorted.count) stops; the bound is \(bound) μs."
                if p99 <= bound { print("passed: \(line)") } else { failTheRunAtExit(line) }
                SharedEngine.engine(for: choice).quiesce()
            }
        )
        Benchmark(name, configuration: configuration) { benchmark in
            let engine = SharedEngine.engine(for: choice)
            engine.quiesce()
            let watch = StopWatch()
            engine.scheduler.addObserver(watch)
            defer { engine.scheduler.removeObserver(watch) }
            // Speaks through the engine as `announce emacspeak --embedded` does; closed with the round, so
            // its timeline observer does not outlive it.
            let destination = EmbeddedDestination(engine: engine, defaultLanguage: .english)
            defer { destination.close() }
            guard var server = try? EmacspeakServer(destination: destination, immediatePoliteness: .polite, version: "bench") else {
                return failTheRunAtExit("\(name): the engine offered no voices.")
            }
            _ = server.handle("q {This line goes on for a long time, so that the stop comes while it is still being said, round \(benchmark.currentIteration).}")
            _ = server.handle("d")
            guard watch.waitForFirstAudio() else { return failTheRunAtExit("\(name): the line was never heard.") }
            let arrival = MonotonicInstant.now()
            benchmark.startMeasurement()
            _ = server.handle("s")
            benchmark.stopMeasurement()
            guard let ended = watch.waitForEnd(), ended.outcome == .cancelled else {
                return failTheRunAtExit("\(name): s did not cancel the line.")
            }
            let micros = Int(ended.time.microseconds) - Int(arrival.microseconds)
            benchmark.measurement(lineToCut, micros)
            if benchmark.currentIteration >= benchmark.configuration.warmupIterations { samples.withLock { $0.append(micros) } }
        }
    }
}

/// From a line's arrival to the sink's cut it causes, in microseconds.
let lineToCut = BenchmarkMetric.custom("Line read to the sink's cut (μs)", polarity: .prefersSmaller, useScalingFactor: false)

/// Watches one round's line: when it was first heard and how it ended.
private final class StopWatch: TimelineObserver {
    private let heard = DispatchSemaphore(value: 0)
    private let endedSignal = DispatchSemaphore(value: 0)
    private let ending = Mutex<(time: MonotonicInstant, outcome: Outcome.Kind)?>(nil)

    func record(_ event: TimelineEvent) {
        switch event.kind {
        case .firstAudio: heard.signal()
        case let .ended(outcome):
            ending.withLock { $0 = (event.time, outcome.kind) }
            endedSignal.signal()
        default: break
        }
    }

    func waitForFirstAudio() -> Bool { heard.wait(timeout: .now() + 10) == .success }

    func waitForEnd() -> (time: MonotonicInstant, outcome: Outcome.Kind)? {
        guard endedSignal.wait(timeout: .now() + 5) == .success else { return nil }
        return ending.withLock { $0 }
    }
}
