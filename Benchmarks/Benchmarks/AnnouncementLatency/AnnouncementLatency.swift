// How quickly the announcer starts to speak an urgent announcement, and how fast its
// live-region queue makes decisions. Run from the Benchmarks folder:
//
//     swift package benchmark
//
// Benchmarks/README.md says what each figure means and gives the figures measured so far.

import AnnouncerCore
import AnnouncerEngine
import Audio
import Benchmark
import Dispatch
import Foundation
import Logging

// MARK: - The metric and its limit

/// Arrival to first audio of one announcement, in microseconds: from the moment the request
/// was read (`Announcement.arrival`) to the moment its first PCM frame was handed to the sink
/// (the timeline's `first_audio` event). This is the announcer's own figure, not the wall time
/// of a benchmark iteration.
let arrivalToFirstAudio = BenchmarkMetric.custom(
    "Arrival to first audio (μs)",
    polarity: .prefersSmaller,
    useScalingFactor: false
)

/// Arrival to audible, in microseconds: to the moment the first frame is estimated to reach the
/// listener (the timeline's `audible` event: first audio plus what the sink still had buffered).
/// Reported beside the first figure because the two part when a write to the sink has to wait.
let arrivalToAudible = BenchmarkMetric.custom(
    "Arrival to audible (μs)",
    polarity: .prefersSmaller,
    useScalingFactor: false
)

/// The promise under test: an assertive announcement starts within half a second, at the 99th percentile.
let firstAudioLimitMicroseconds = 500_000

/// Tolerances for `swift package benchmark baseline check` and `baseline compare`, which compare two runs:
/// the 99th percentile may grow by up to the limit itself before a comparison calls it a regression.
/// In benchmark 1.38.1 an "absolute threshold" is such a tolerance between two runs, not a ceiling;
/// the ceiling itself is `LatencyGate` below.
var latencyThresholds: [BenchmarkMetric: BenchmarkThresholds] {
    [arrivalToFirstAudio: .init(absolute: [.p99: firstAudioLimitMicroseconds])]
}

/// How long one iteration waits for a first audio before it counts as a failure.
let firstAudioTimeout: DispatchTimeInterval = .seconds(5)

// MARK: - Failing the whole run

/// Makes this benchmark process end with status 2, once it has reported all its results.
///
/// Why not `Benchmark.error`: with benchmark 1.38.1, a plain `swift package benchmark` run still exits
/// with 0 after a benchmark reported an error (the tool lists it, or stops early, and the plugin reports
/// success). What does fail the run is a benchmark process that exits with a non-zero status: the tool
/// then says "Failed to run 'run' …", exits with 3, and `swift package` fails. Exiting at the very end,
/// rather than at once, keeps the results table of the failed benchmark in the output.
func failTheRunAtExit(_ reason: String) {
    print("FAILED: \(reason)")
    let first = runFailed.withLock { failed -> Bool in
        defer { failed = true }
        return !failed
    }
    if first { atexit { _exit(2) } }
}

private let runFailed = Locked<Bool>(false)

/// A small lock around a value.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

// MARK: - The 99th-percentile gate

/// Keeps every measured latency of one benchmark and fails the run when their 99th percentile
/// is over the limit. Benchmark 1.38.1 has no "p99 must stay under X" check of its own: its absolute
/// thresholds are tolerances between two runs, and its static thresholds (`thresholds check`) are p90 only.
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

// MARK: - The one speech engine of this process

/// eSpeak NG runs on one thread shared by the whole process, so every benchmark here shares
/// one engine, started on first use. It speaks to the `null` sink: no sound card, but paced
/// in real time like one, with a 50 ms buffer.
let sharedEngine: SpeechEngine = {
    var logger = Logger(label: "announcer.benchmarks")
    logger.logLevel = .warning
    // Every iteration says the same words, and under the standard policy an interrupted
    // announcement counts as "just said" for a second, which would make the next iteration's
    // copy a duplicate that is never spoken. So: no duplicate window. The rest is the standard policy.
    let policy = LiveRegionPolicy(duplicateWindow: .zero)
    do {
        let engine = try SpeechEngine(sink: .null, policy: policy, logger: logger)
        engine.scheduler.addObserver(firstAudioWaiter)
        return engine
    } catch {
        // Nothing can be measured; end the process now, which fails the run.
        print("FAILED: the speech engine did not start: \(error)")
        exit(1)
    }
}()

/// Tells a waiting benchmark when one announcement's first audio happened, or that it ended without any.
final class FirstAudioWaiter: TimelineObserver {
    private struct State {
        var watched: AnnouncementID?
        var firstAudio: TimelineEvent?
        var audible: TimelineEvent?
        var endedWithout: Outcome?
    }

    private let state = Locked<State>(State())
    private let signal = DispatchSemaphore(value: 0)

    /// Call before submitting the announcement.
    func watch(_ id: AnnouncementID) {
        state.withLock { $0 = State(watched: id) }
    }

    func record(_ event: TimelineEvent) {
        let wake: Bool = state.withLock { state in
            guard event.announcement.id == state.watched, state.audible == nil, state.endedWithout == nil else {
                return false
            }
            switch event.kind {
            case .firstAudio:
                // The scheduler records `audible` right after, in the same step; wake then.
                state.firstAudio = event
                return false
            case .audible:
                state.audible = event
                return state.firstAudio != nil
            case let .ended(outcome):
                state.endedWithout = outcome
                return true
            default:
                return false
            }
        }
        if wake { signal.signal() }
    }

    /// Blocks until the watched announcement's first audio, and returns its first audio and audible events;
    /// returns nil, after saying why, if it ended without audio or none came in time.
    func wait() -> (firstAudio: TimelineEvent, audible: TimelineEvent)? {
        let watched = state.withLock { $0.watched }.map(\.description) ?? "?"
        guard signal.wait(timeout: .now() + firstAudioTimeout) == .success else {
            print("Announcement \(watched) had no first audio within \(firstAudioTimeout).")
            return nil
        }
        let (firstAudio, audible, outcome) = state.withLock { ($0.firstAudio, $0.audible, $0.endedWithout) }
        guard let firstAudio, let audible else {
            print("Announcement \(watched) ended without audio: \(outcome?.explanation ?? "no reason was given.")")
            return nil
        }
        return (firstAudio, audible)
    }
}

let firstAudioWaiter = FirstAudioWaiter()

/// Ends whatever speaks or waits, and returns once the engine is idle.
func quiesce(_ engine: SpeechEngine) {
    engine.scheduler.cancel(.all)
    engine.scheduler.waitUntilIdle()
}

/// The times from one announcement's arrival to its first audio and to its audible event.
struct Latency {
    var firstAudio: Duration
    var audible: Duration
}

/// Submits an announcement and blocks until its first audio; returns its latencies,
/// or nil, having marked the run as failed, if no audio came.
func submitAndWaitForFirstAudio(_ announcement: Announcement, on engine: SpeechEngine, benchmark: String) -> Latency? {
    firstAudioWaiter.watch(announcement.id)
    engine.submit(announcement)
    guard let events = firstAudioWaiter.wait() else {
        failTheRunAtExit("\(benchmark): a \(announcement.politeness) announcement was never heard.")
        return nil
    }
    return Latency(firstAudio: events.firstAudio.sinceArrival, audible: events.audible.sinceArrival)
}

// MARK: - Texts

let errorText = "Error: Must be a valid email address."
let longStatusText = """
    Checking your sign-in details. Please wait while we contact the server. \
    This can take a little while on a slow connection, so please do not close this page. \
    We will tell you as soon as we know whether your details are correct.
    """

// MARK: - Benchmarks

let benchmarks: @Sendable () -> Void = {
    func latencyConfiguration(_ gate: LatencyGate, iterations: Int) -> Benchmark.Configuration {
        .init(
            metrics: [arrivalToFirstAudio, arrivalToAudible, .wallClock],
            timeUnits: .microseconds,
            units: [arrivalToFirstAudio: .count, arrivalToAudible: .count],
            warmupIterations: 3,
            scalingFactor: .one,
            maxDuration: .seconds(20),
            maxIterations: iterations,
            thresholds: latencyThresholds,
            setup: { gate.reset() },
            teardown: {
                gate.check()
                quiesce(sharedEngine)
            }
        )
    }

    // 1. Nothing speaks and nothing waits; an assertive announcement arrives.
    let idleName = "Assertive arrival to first audio, idle (null sink)"
    let idleGate = LatencyGate(idleName, limit: firstAudioLimitMicroseconds)
    Benchmark(idleName, configuration: latencyConfiguration(idleGate, iterations: 100)) { benchmark in
        let engine = sharedEngine
        quiesce(engine)
        benchmark.startMeasurement()
        let error = try! Announcement(text: errorText, politeness: .assertive, arrival: .now())
        let latency = submitAndWaitForFirstAudio(error, on: engine, benchmark: idleName)
        benchmark.stopMeasurement()
        if let latency { idleGate.record(latency, in: benchmark) }
    }

    // 2. A long polite announcement is speaking; an assertive one arrives and cuts it.
    let cutName = "Assertive arrival to first audio, cutting a long polite utterance (null sink)"
    let cutGate = LatencyGate(cutName, limit: firstAudioLimitMicroseconds)
    Benchmark(cutName, configuration: latencyConfiguration(cutGate, iterations: 50)) { benchmark in
        let engine = sharedEngine
        quiesce(engine)
        let status = try! Announcement(text: longStatusText, politeness: .polite, arrival: .now())
        guard submitAndWaitForFirstAudio(status, on: engine, benchmark: cutName) != nil else { return }
        // Let the polite utterance settle into steady playback: after twice the sink's 50 ms buffer,
        // the buffer is full and the playback thread waits inside a paced write, as it does mid-sentence.
        Thread.sleep(forTimeInterval: 0.1)
        benchmark.startMeasurement()
        let error = try! Announcement(text: errorText, politeness: .assertive, arrival: .now())
        let latency = submitAndWaitForFirstAudio(error, on: engine, benchmark: cutName)
        benchmark.stopMeasurement()
        if let latency { cutGate.record(latency, in: benchmark) }
    }

    // 3. The live-region queue alone: no threads, no clock, no speech.
    // One operation is a submit (queued, start) followed by its speechEnded (spoken).
    Benchmark(
        "Live-region queue operations (submit + speechEnded)",
        configuration: .init(
            metrics: [.throughput, .wallClock, .mallocCountTotal],
            warmupIterations: 5,
            scalingFactor: .kilo,
            maxDuration: .seconds(3),
            maxIterations: 1_000
        )
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
