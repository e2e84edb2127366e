import AnnouncerCore
import Benchmark

/// Speak requests answered per second over the server's socket, with one client or with many at once.
enum ServerThroughputBenchmark {
    /// Registers one benchmark: `clients` connections share each batch of `batchSize` pipelined requests.
    static func register(clients: Int, batchSize: Int = 1_000) {
        let perClient = batchSize / clients
        let name = clients == 1
            ? "Speak requests answered over the socket, 1 client sending batches of \(batchSize) (null sink)"
            : "Speak requests answered over the socket, \(clients) clients sending \(perClient) each at once (null sink)"
        let load = SpeakLoad()
        let configuration = Benchmark.Configuration(
            metrics: [requestsAnsweredPerSecond, batchQueuedTime, .wallClock, .writeSyscalls],
            timeUnits: .microseconds,
            units: [requestsAnsweredPerSecond: .count, batchQueuedTime: .count],
            warmupIterations: 3,
            scalingFactor: .one,
            maxDuration: .seconds(10),
            maxIterations: 100,
            // For `baseline check` (check-thresholds): requests answered per second may fall by up to half of
            // what was recorded before it counts as a regression; runs here have differed by a third.
            thresholds: regressionThresholds(
                checking: [requestsAnsweredPerSecond: .init(relative: [.p90: 50.0], absolute: [:])],
                notChecking: [batchQueuedTime, .wallClock, .writeSyscalls]),
            setup: {
                load.connect(clients)
                BenchmarkServer.shared.engine.quiesce()
            },
            teardown: {
                load.disconnect()
                BenchmarkServer.shared.stop()
            }
        )
        Benchmark(name, configuration: configuration) { benchmark in
            let batch = load.makeBatch(perClient * clients)
            benchmark.startMeasurement()
            let answer = load.send(batch)
            benchmark.stopMeasurement()
            let queued = load.queuedCount()
            let queuedAt = ContinuousClock.now
            BenchmarkServer.shared.engine.quiesce()
            guard let answer else {
                failTheRunAtExit("\(name): some replies did not come within 30 seconds, or a connection closed.")
                return
            }
            let total = perClient * clients
            guard answer.accepted == total else {
                failTheRunAtExit("\(name): \(total - answer.accepted) of \(total) requests were refused; the first reply: \(answer.firstRefusal ?? "none").")
                return
            }
            guard queued == total else {
                failTheRunAtExit("\(name): the queue held \(queued.map(String.init) ?? "an unknown number of") announcements after a batch of \(total).")
                return
            }
            benchmark.measurement(requestsAnsweredPerSecond, Int((Double(total) * 1e6 / Double(max(1, answer.elapsed.microseconds))).rounded()))
            benchmark.measurement(batchQueuedTime, Int((queuedAt - answer.start).microseconds))
        }
    }
}
