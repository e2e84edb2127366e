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
        // Verbose, parec says on standard error when its stream is ready: from then on it records what plays.
        process.arguments = ["-v", "-d", "\(sink).monitor", "--raw", "--format=s16le", "--rate=\(rate)", "--channels=1", "--latency-msec=10"]
            + (passive ? ["--property=node.passive=true"] : [])
        // In English whatever the desktop's language, so that the line is known.
        process.environment = Self.captureEnvironment(environment.merging(["LC_ALL": "C"]) { $1 })
        let (output, messages) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = messages
        let buffer = self.buffer
        output.fileHandleForReading.readabilityHandler = { handle in buffer.append([UInt8](handle.availableData)) }
        // A passive stream on PipeWire is made only once the sink runs; its request is sent as parec connects.
        let said = ParecMessages(readyLine: passive ? "Connection established" : "Stream successfully created")
        messages.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            said.append(data)
            if data.isEmpty { handle.readabilityHandler = nil }
        }
        try process.run()
        guard said.waitUntilReady(seconds: 10) else {
            stopAndKeepSamples()
            throw NotRecording(said: said.text)
        }
        // On PipeWire the stream is made before samples flow: a recording of a sink that plays (silence
        // too) has begun once its first samples come. A passive one gets none until something plays.
        if !passive, !buffer.waitForSamples(seconds: 5) {
            stopAndKeepSamples()
            throw NotRecording(said: said.text + " (and no samples came within 5 seconds)")
        }
    }

    /// parec did not say within ten seconds that it records; what it said instead.
    public struct NotRecording: Error, CustomStringConvertible {
        public let said: String
        public var description: String { "parec did not start recording; it said: \(said.split(separator: "\n").joined(separator: " "))" }
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

    /// Waits up to `seconds` until the sound server says its sink is `wanted` (RUNNING, IDLE or SUSPENDED),
    /// looking again each time `pactl subscribe` tells of a change; false if it never was.
    public static func waitForState(_ wanted: String, ofSink sink: String? = nil, environment: [String: String] = [:], seconds: Int) throws -> Bool {
        let watcher = Process()
        watcher.executableURL = URL(fileURLWithPath: "/usr/bin/pactl")
        watcher.arguments = ["subscribe"]
        watcher.environment = captureEnvironment(environment)
        let events = Pipe()
        watcher.standardOutput = events
        let changed = DispatchSemaphore(value: 0)
        events.fileHandleForReading.readabilityHandler = { handle in
            if handle.availableData.isEmpty { handle.readabilityHandler = nil }
            changed.signal()
        }
        try watcher.run()
        defer {
            // pactl subscribe does not stop on SIGTERM.
            kill(watcher.processIdentifier, SIGKILL)
            watcher.waitUntilExit()
        }
        let deadline = DispatchTime.now() + .seconds(seconds)
        while try state(ofSink: sink, environment: environment) != wanted {
            if changed.wait(timeout: deadline) == .timedOut { return try state(ofSink: sink, environment: environment) == wanted }
        }
        return true
    }

    /// Waits up to `seconds` until the recording holds `windows` windows of 10 ms louder than `loudness`:
    /// until the sound server has really played that much, however late it began. False if it never did.
    public func waitUntilHeard(windows: Int, louderThan loudness: Double, seconds: Double) -> Bool {
        let window = rate / 100
        return buffer.wait(seconds: seconds) { samples in
            stride(from: 0, to: samples.count - window, by: window).lazy
                .filter { Self.loudness(samples[$0..<$0 + window]) > loudness }
                .prefix(windows).count == windows
        }
    }

    /// The root mean square of `slice`.
    static func loudness(_ slice: ArraySlice<Int16>) -> Double {
        (slice.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(slice.count)).squareRoot()
    }

    /// Stops recording and returns the samples as recorded, mono at `rate`.
    @discardableResult
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
        return stride(from: 0, to: samples.count - window, by: window).map { Self.loudness(samples[$0..<$0 + window]) }
    }
}

/// What parec -v says on standard error, kept until it says `readyLine`, when a wait for that ends.
private final class ParecMessages: Sendable {
    let readyLine: String
    private let state = Mutex((text: "", ready: false))
    private let ended = DispatchSemaphore(value: 0)

    init(readyLine: String) { self.readyLine = readyLine }

    /// Takes what parec said next; empty `data` is the end of what it says.
    func append(_ data: Data) {
        // Once ready, parec goes on telling its latency every 50 ms: that is let go.
        let readyNow = state.withLock { state in
            guard !state.ready else { return false }
            state.text += String(decoding: data, as: UTF8.self)
            state.ready = state.text.contains(readyLine)
            return state.ready
        }
        if readyNow || data.isEmpty { ended.signal() }
    }

    /// Waits up to `seconds` for parec to say `readyLine`; false if it did not, or ended first.
    func waitUntilReady(seconds: Int) -> Bool {
        _ = ended.wait(timeout: .now() + .seconds(seconds))
        return state.withLock { $0.ready }
    }

    var text: String { state.withLock { $0.text } }
}

/// Little-endian 16-bit samples assembled from bytes as they arrive.
private final class SampleBuffer: Sendable {
    private let state = Mutex<(pending: [UInt8], samples: [Int16])>(([], []))
    /// Signalled once, when the first samples come.
    private let arrived = DispatchSemaphore(value: 0)
    /// Signalled each time samples come, for one waiter.
    private let came = DispatchSemaphore(value: 0)

    public func append(_ bytes: [UInt8]) {
        let first = state.withLock { state in
            let wasEmpty = state.samples.isEmpty
            state.pending += bytes
            let whole = state.pending.count / 2 * 2
            let pending = state.pending
            state.samples += stride(from: 0, to: whole, by: 2).map { Int16(bitPattern: UInt16(pending[$0]) | UInt16(pending[$0 + 1]) << 8) }
            state.pending.removeFirst(whole)
            return wasEmpty && !state.samples.isEmpty
        }
        if first { arrived.signal() }
        came.signal()
    }

    /// Waits up to `seconds` until `enough` is true of the samples so far, looking again each time more come.
    func wait(seconds: Double, until enough: ([Int16]) -> Bool) -> Bool {
        let deadline = DispatchTime.now() + seconds
        while !enough(samples) {
            if came.wait(timeout: deadline) == .timedOut { return enough(samples) }
        }
        return true
    }

    /// Waits until the first samples have come; false after `seconds`.
    func waitForSamples(seconds: Double) -> Bool {
        guard arrived.wait(timeout: .now() + seconds) == .success else { return false }
        arrived.signal()
        return true
    }

    public var samples: [Int16] { state.withLock { $0.samples } }

    /// How many samples have come so far.
    public var count: Int { state.withLock { $0.samples.count } }
}
