import Foundation
import Synchronization

/// Makes this benchmark process end with status 2, once it has reported all its results.
///
/// Why not `Benchmark.error`: with benchmark 1.38.1, a plain `swift package benchmark` run still exits
/// with 0 after a benchmark reported an error (the tool lists it, or stops early, and the plugin reports
/// success). What does fail the run is a benchmark process that exits with a non-zero status: the tool
/// then says "Failed to run 'run' …", exits with 3, and `swift package` fails. Exiting at the very end,
/// rather than at once, keeps the results table of the failed benchmark in the output.
func failTheRunAtExit(_ reason: String) {
    print("FAILED: \(reason)")
    let alreadyFailed = runFailed.exchange(true, ordering: .relaxed)
    if !alreadyFailed { atexit { _exit(2) } }
}

private let runFailed = Atomic<Bool>(false)
