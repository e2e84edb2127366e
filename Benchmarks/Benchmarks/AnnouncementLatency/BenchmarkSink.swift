import Audio
import Foundation

/// An audio sink the latency benchmarks run on, and whether this machine can use it now.
enum BenchmarkSink: CaseIterable, Sendable {
    /// The `null` sink: no sound, paced in real time like a sound card with a 50 ms buffer. Always available.
    case null
    /// ALSA's default device, which plays through PulseAudio when PulseAudio is reachable.
    case alsa

    /// What the engine opens.
    var spec: SinkSpec {
        switch self {
        case .null: .null
        case .alsa: .alsa(device: "default")
        }
    }

    /// The words at the end of each benchmark's name, in brackets.
    var label: String {
        switch self {
        case .null: "null sink"
        case .alsa: "ALSA default device"
        }
    }

    /// The sinks to benchmark on this run.
    static var available: [BenchmarkSink] { allCases.filter { $0.unavailableReason == nil } }

    /// Nil when the sink can be used; otherwise one plain sentence saying why it is skipped.
    var unavailableReason: String? {
        switch self {
        case .null: nil
        case .alsa: Self.alsaUnavailableReason
        }
    }

    /// Decided once per process. `BENCHMARK_ALSA=1` insists on ALSA and `BENCHMARK_ALSA=0` leaves it out;
    /// otherwise ALSA is used when `scripts/pulse-null-sink` has set `ANNOUNCER_TEST_PULSE_SINK`,
    /// or when a PulseAudio server answers `pactl info`.
    private static let alsaUnavailableReason: String? = {
        let environment = ProcessInfo.processInfo.environment
        switch environment["BENCHMARK_ALSA"] {
        case "1": return nil
        case "0": return "The ALSA benchmarks were skipped because BENCHMARK_ALSA is 0."
        default: break
        }
        if let sink = environment["ANNOUNCER_TEST_PULSE_SINK"], !sink.isEmpty { return nil }
        // Ask pactl only when a PulseAudio socket is named or exists, so that the question never
        // starts a PulseAudio server of its own (pactl may autospawn one).
        let runtimeSocket = environment["XDG_RUNTIME_DIR"].map { $0 + "/pulse/native" }
        let socketKnown = environment["PULSE_SERVER"] != nil
            || runtimeSocket.map { FileManager.default.fileExists(atPath: $0) } == true
        if socketKnown, pulseAnswers() { return nil }
        return "The ALSA benchmarks were skipped because no PulseAudio server answered; "
            + "start one with scripts/pulse-null-sink, or set BENCHMARK_ALSA=1 to use ALSA's default device anyway."
    }()

    /// True when `pactl info` succeeds within two seconds.
    private static func pulseAnswers() -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pactl", "info"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            process.terminate()
            return false
        }
        return process.terminationStatus == 0
    }
}
