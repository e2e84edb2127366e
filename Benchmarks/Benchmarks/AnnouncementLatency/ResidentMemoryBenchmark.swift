import AnnouncerCore
import Benchmark
import Foundation

/// The resident memory of a process running the server and its engine, idle and under load.
enum ResidentMemoryBenchmark {
    /// The server is up with one client connected; it has spoken one announcement and is now silent.
    static func registerIdle() {
        let name = "Resident memory, idle server with one client (null sink)"
        let load = SpeakLoad()
        let configuration = Benchmark.Configuration(
            metrics: [residentMemory, residentMemoryAllProcesses, residentMemoryAdded, .peakMemoryResident],
            units: [residentMemory: .count, residentMemoryAllProcesses: .count, residentMemoryAdded: .count],
            warmupIterations: 0,
            scalingFactor: .one,
            maxDuration: .seconds(5),
            maxIterations: 20,
            thresholds: memoryThresholds(alsoNotChecking: []),
            setup: {
                load.connect(1)
                // One short announcement, spoken to the end, so that speaking has started once.
                guard let answer = load.send(load.makeBatch(1)), answer.accepted == 1 else {
                    failTheRunAtExit("\(name): the server did not accept a speak request.")
                    return
                }
                BenchmarkServer.shared.engine.scheduler.waitUntilIdle()
            },
            teardown: {
                load.disconnect()
                BenchmarkServer.shared.stop()
            }
        )
        Benchmark(name, configuration: configuration) { benchmark in
            // One sample every 50 ms of idleness.
            Thread.sleep(forTimeInterval: 0.05)
            record(in: benchmark)
        }
    }

    /// 10,000 polite announcements wait, one speaks, and each round sends 1,000 more, so the oldest are dropped.
    static func registerUnderLoad() {
        let name = "Resident memory, 10,000 polite waiting and 1,000 more requests per round (null sink)"
        let load = SpeakLoad()
        let backlog = SharedEngine.policy.maxWaitingPolite
        let configuration = Benchmark.Configuration(
            metrics: [residentMemory, residentMemoryAllProcesses, residentMemoryAdded, .peakMemoryResident, .memoryLeakedBytes, requestsAnsweredPerSecond],
            units: [residentMemory: .count, residentMemoryAllProcesses: .count, residentMemoryAdded: .count, requestsAnsweredPerSecond: .count],
            warmupIterations: 2,
            scalingFactor: .one,
            maxDuration: .seconds(15),
            maxIterations: 30,
            thresholds: memoryThresholds(alsoNotChecking: [.memoryLeakedBytes, requestsAnsweredPerSecond]),
            setup: {
                load.connect(1)
                // One speaks and the rest wait: the queue is then full.
                let total = backlog + 1
                // The first may have finished speaking by the time the last arrives, so allow one fewer.
                guard let answer = load.send(load.makeBatch(total)), answer.accepted == total,
                      let queued = load.queuedCount(), queued >= backlog
                else {
                    failTheRunAtExit("\(name): the server did not take \(total) polite announcements.")
                    return
                }
            },
            teardown: {
                load.disconnect()
                BenchmarkServer.shared.stop()
            }
        )
        Benchmark(name, configuration: configuration) { benchmark in
            let batch = load.makeBatch(1_000)
            benchmark.startMeasurement()
            let answer = load.send(batch)
            benchmark.stopMeasurement()
            guard let answer, answer.accepted == 1_000 else {
                failTheRunAtExit("\(name): a batch of 1,000 requests was not accepted in full.")
                return
            }
            record(in: benchmark)
            benchmark.measurement(requestsAnsweredPerSecond, Int((1_000 * 1e6 / Double(max(1, answer.elapsed.microseconds))).rounded()))
        }
    }

    /// For `baseline check` (check-thresholds): resident memory may grow by up to 10 % over what was recorded.
    private static func memoryThresholds(alsoNotChecking others: [BenchmarkMetric]) -> [BenchmarkMetric: BenchmarkThresholds] {
        regressionThresholds(
            checking: [
                residentMemory: .init(relative: [.p90: 10.0], absolute: [:]),
                residentMemoryAllProcesses: .init(relative: [.p90: 10.0], absolute: [:]),
            ],
            notChecking: [residentMemoryAdded, .peakMemoryResident] + others)
    }

    /// Records the process's resident memory now, and what the engine and server added to it.
    private static func record(in benchmark: Benchmark) {
        let now = ResidentMemory.bytes()
        benchmark.measurement(residentMemory, now / 1_000)
        benchmark.measurement(residentMemoryAllProcesses, ResidentMemory.bytesOfAllProcesses() / 1_000)
        if let before = SharedEngine.residentBytesBeforeStart {
            benchmark.measurement(residentMemoryAdded, (now - before) / 1_000)
        }
    }
}
