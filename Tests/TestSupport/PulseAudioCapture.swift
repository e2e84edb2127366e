import Foundation
import Synchronization

/// Records what a PulseAudio null sink really played, from its monitor source, with `parec`.
public final class PulseAudioCapture: Sendable {
    /// Set by scripts/test and .ci/run, which start the server. In CI the tests run regardless,
    /// so a missing server fails them instead of skipping them.
    public static let sinkName = ProcessInfo.processInfo.environment["ANNOUNCER_TEST_PULSE_SINK"]
    public static var isAvailable: Bool { sinkName != nil || ProcessInfo.processInfo.environment["CI"] == "true" }

    public static let sampleRate = 16_000
    /// The rate this recording is made at: `sampleRate` unless it was given.
    public let rate: Int
    private let process = Process()
    private let buffer = SampleBuffer()

    /// Starts recording the monitor of `sink` (the test run's null sink by default) on the PulseAudio
    /// server that `environment` names (the test run's by default). A `passive` recording, on PipeWire,
    /// does not keep the sink running: it records only while something else plays, so the sink may be
    /// suspended when idle, as on a desktop where nothing records.
    public init(sink: String? = nil, environment: [String: String] = [:], passive: Bool = false, rate: Int = PulseAudioCapture.sampleRate) throws {
        let sink = sink ?? Self.sinkName ?? "announcer_test"
        self.rate = rate
        process.executableURL = URL(fileURLWithPath: "/usr/bin/parec")
        process.arguments = ["-d", "\(sink).monitor", "--raw", "--format=s16le", "--rate=\(rate)", "--channels=1", "--latency-msec=10"]
            + (passive ? ["--property=node.passive=true"] : [])
        process.environment = Self.captureEnvironment(environment)
        let output = Pipe()
        process.standardOutput = output
        let buffer = self.buffer
        output.fileHandleForReading.readabilityHandler = { handle in buffer.append([UInt8](handle.availableData)) }
        try process.run()
        if passive {
            // A passive recording gets nothing until something plays, so nothing shows that parec has
            // connected.
            // Not a wait: there is no condition to wait for; this leaves parec the time it takes.
            Thread.sleep(forTimeInterval: 0.3)
        } else {
            // parec has connected once the monitor's first samples come: a sink that is recorded plays,
            // silence included.
            _ = waitFor({ buffer.count > 0 }, seconds: 5)
        }
    }

    /// The environment in which parec and pactl reach the recording server, with `environment` on top.
    static func captureEnvironment(_ environment: [String: String] = [:]) -> [String: String] {
        var captureEnvironment = ProcessInfo.processInfo.environment
        // On PipeWire (scripts/pipewire-null-sink) the PulseAudio server that records sits where only
        // parec looks, so that ALSA's default device is not turned to PulseAudio's plugin by its hook.
        if let server = captureEnvironment["ANNOUNCER_TEST_CAPTURE_PULSE_SERVER"] { captureEnvironment["PULSE_SERVER"] = server }
        return captureEnvironment.merging(environment) { $1 }
    }

    /// What the sound server says its sink is doing: RUNNING, IDLE or SUSPENDED; nil when it is not listed.
    public static func state(ofSink sink: String? = nil, environment: [String: String] = [:]) throws -> String? {
        let sink = sink ?? Self.sinkName ?? "announcer_test"
        let listed = try ProgramRun("/usr/bin/pactl", ["list", "short", "sinks"], environment: captureEnvironment(environment), timeout: 10)
        for line in listed.standardOutput.split(separator: "\n") {
            let fields = line.split(separator: "\t").map(String.init)
            if fields.count > 1, fields[1] == sink { return fields.last }
        }
        return nil
    }

    /// Stops recording and returns the samples as recorded, mono at `rate`.
    public func stopAndKeepSamples() -> [Int16] {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return buffer.samples
    }

    /// Stops recording and returns the loudness of each 10 ms window, in order.
    public func stop() -> [Double] {
        // parec does not always stop on SIGTERM while its output is being read.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let samples = buffer.samples
        let window = rate / 100
        return stride(from: 0, to: samples.count - window, by: window).map { start in
            let slice = samples[start..<start + window]
            return (slice.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(window)).squareRoot()
        }
    }
}

/// Little-endian 16-bit samples assembled from bytes as they arrive.
private final class SampleBuffer: Sendable {
    private let state = Mutex<(pending: [UInt8], samples: [Int16])>(([], []))

    public func append(_ bytes: [UInt8]) {
        state.withLock { state in
            state.pending += bytes
            let whole = state.pending.count / 2 * 2
            let pending = state.pending
            state.samples += stride(from: 0, to: whole, by: 2).map { Int16(bitPattern: UInt16(pending[$0]) | UInt16(pending[$0 + 1]) << 8) }
            state.pending.removeFirst(whole)
        }
    }

    public var samples: [Int16] { state.withLock { $0.samples } }

    /// How many samples have come so far.
    public var count: Int { state.withLock { $0.samples.count } }
}
