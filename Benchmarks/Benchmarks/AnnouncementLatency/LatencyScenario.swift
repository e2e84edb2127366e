import AnnouncerEngine
import Benchmark

/// One situation in which an assertive announcement's arrival to first audio is measured, on every available sink.
///
/// Each scenario becomes one benchmark per sink, named "<name> (<sink>)", with its own `LatencyGate`,
/// so every latency benchmark fails the run when its 99th percentile is over the limit.
/// To add a scenario, write one in LatencyScenarios.swift and add it to `LatencyScenario.all`.
struct LatencyScenario: Sendable {
    /// The benchmark's name without its sink, such as "Assertive arrival to first audio, idle".
    let name: String
    /// How many measured rounds at most, after 3 warm-up rounds; each benchmark also stops after 20 seconds.
    let iterations: Int
    /// Runs once before the first round, outside the measurement, such as to fill the queue.
    var prepare: (@Sendable (SpeechEngine) -> Void)?
    /// One round: sets up the situation, then measures one announcement with `LatencyRound.measure`.
    let round: @Sendable (LatencyRound) -> Void
    /// eSpeak in the benchmark's own process instead of the supervised worker, to measure the worker's hop.
    var inProcess = false

    init(
        name: String, iterations: Int, inProcess: Bool = false,
        prepare: (@Sendable (SpeechEngine) -> Void)? = nil,
        round: @escaping @Sendable (LatencyRound) -> Void
    ) {
        self.name = name
        self.iterations = iterations
        self.inProcess = inProcess
        self.prepare = prepare
        self.round = round
    }

    /// The benchmark's full name on `sink`.
    func benchmarkName(on sink: BenchmarkSink) -> String { "\(name) (\(sink.label))" }

    /// Registers this scenario as one benchmark on `sink`. `notice`, if given, is printed after it has run.
    func register(on sink: BenchmarkSink, notice: String? = nil) {
        let name = benchmarkName(on: sink)
        let gate = LatencyGate(name, limit: firstAudioLimitMicroseconds)
        let prepare = self.prepare
        let round = self.round
        let configuration = Benchmark.Configuration(
            metrics: [arrivalToFirstAudio, arrivalToAudible, .wallClock],
            timeUnits: .microseconds,
            units: [arrivalToFirstAudio: .count, arrivalToAudible: .count],
            warmupIterations: 3,
            scalingFactor: .one,
            maxDuration: .seconds(20),
            maxIterations: iterations,
            thresholds: latencyThresholds,
            setup: { [inProcess] in
                SharedEngine.inProcess = inProcess
                gate.reset()
                prepare?(SharedEngine.engine(for: sink))
            },
            teardown: {
                gate.check()
                SharedEngine.engine(for: sink).quiesce()
                // Printed here because teardown output is never suppressed, and this runs once per run.
                if let notice { print(notice) }
            }
        )
        Benchmark(name, configuration: configuration) { benchmark in
            round(LatencyRound(engine: SharedEngine.engine(for: sink), benchmark: benchmark, name: name, gate: gate))
        }
    }
}
