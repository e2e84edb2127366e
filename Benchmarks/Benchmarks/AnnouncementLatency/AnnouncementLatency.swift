// How quickly the announcer starts to speak an urgent announcement, on each available sink;
// how fast its live-region queue makes decisions; how many requests its server answers per
// second; and how much memory it holds. Run from the Benchmarks folder:
//
//     swift package benchmark
//
// Benchmarks/README.md says what each figure means and gives the figures measured so far.

import Benchmark

let benchmarks: @Sendable () -> Void = {
    // Every latency scenario of the bench library on every available sink, each with its own 500 ms gate at p99.
    let skipped = BenchmarkSink.allCases.compactMap(\.unavailableReason)
    for (index, latency) in LatencyBenchmark.all.enumerated() {
        for sink in BenchmarkSink.available {
            // Why a sink was left out is said once, after the first latency benchmark on the null sink.
            let notice = index == 0 && sink == .null && !skipped.isEmpty ? skipped.joined(separator: " ") : nil
            latency.register(on: sink, notice: notice)
        }
    }

    // Emacspeak's s, from the line's arrival to the sink's cut, with a one-period gate at p99.
    for sink in BenchmarkSink.available { EmacspeakStopBenchmark.register(on: sink) }

    QueueOperationsBenchmark.register()
    TextPreparationBenchmark.register()

    ServerThroughputBenchmark.register(clients: 1)
    ServerThroughputBenchmark.register(clients: 100)

    FairSharingBenchmark.register()

    ResidentMemoryBenchmark.registerIdle()
    ResidentMemoryBenchmark.registerUnderLoad()
}
