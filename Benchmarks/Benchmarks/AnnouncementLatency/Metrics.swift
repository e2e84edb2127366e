import Benchmark

// The figures these benchmarks add to the library's own.

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

/// Speak requests answered with `"ok":true` per second, over one whole pipelined batch.
let requestsAnsweredPerSecond = BenchmarkMetric.custom(
    "Speak requests answered per second",
    polarity: .prefersLarger,
    useScalingFactor: false
)

/// From the first byte of a batch to the reply of a `status` request sent after its last `ok`,
/// in microseconds: `status` is answered in order behind every submission, so this is the time
/// until the live-region queue had taken the whole batch.
let batchQueuedTime = BenchmarkMetric.custom(
    "Batch taken by the queue (μs)",
    polarity: .prefersSmaller,
    useScalingFactor: false
)

/// The resident memory of the whole benchmark process, in kilobytes, read from /proc/self/statm.
let residentMemory = BenchmarkMetric.custom(
    "Resident memory of the process (kB)",
    polarity: .prefersSmaller,
    useScalingFactor: false
)

/// The resident memory of the benchmark process and every process it started (the synthesis worker), in kilobytes:
/// what announcer costs a machine, where the first figure leaves the worker out.
let residentMemoryAllProcesses = BenchmarkMetric.custom(
    "Resident memory of all processes, with the synthesis worker (kB)",
    polarity: .prefersSmaller,
    useScalingFactor: false
)

/// Resident memory added since just before the speech engine started, in kilobytes.
let residentMemoryAdded = BenchmarkMetric.custom(
    "Resident memory added by engine and server (kB)",
    polarity: .prefersSmaller,
    useScalingFactor: false
)

/// Arrival to first audio of another client's assertive announcement while one client floods, in microseconds.
let assertiveDuringFlood = BenchmarkMetric.custom(
    "Other client's assertive, arrival to first audio during a flood (μs)",
    polarity: .prefersSmaller,
    useScalingFactor: false
)

/// How many of the flooding client's announcements started between another client's polite one's
/// arrival and its start: 1 at most when clients take turns.
let floodUtterancesAhead = BenchmarkMetric.custom(
    "Flood announcements started ahead of another client's polite one",
    polarity: .prefersSmaller,
    useScalingFactor: false
)

/// How many of a flood's announcements the server refused; fair sharing means none.
let floodRefused = BenchmarkMetric.custom(
    "Flood announcements refused",
    polarity: .prefersSmaller,
    useScalingFactor: false
)

/// The tolerances `baseline check` applies (Benchmarks/check-thresholds): those given for the figures it checks,
/// and none for the rest, which would otherwise get benchmark's default of 5 % at p25, p50 and p75, far inside
/// what this shared machine moves from run to run.
func regressionThresholds(
    checking checked: [BenchmarkMetric: BenchmarkThresholds], notChecking others: [BenchmarkMetric]
) -> [BenchmarkMetric: BenchmarkThresholds] {
    var thresholds = checked
    for metric in others { thresholds[metric] = BenchmarkThresholds(relative: [:], absolute: [:]) }
    return thresholds
}
