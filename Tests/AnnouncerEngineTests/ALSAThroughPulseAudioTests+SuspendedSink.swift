import TestSupport
import AnnouncerCore
import AnnouncerEngine
import Audio
import Foundation
import Testing

extension ALSAThroughPulseAudioTests {
    static var onPipeWire: Bool { ProcessInfo.processInfo.environment["ANNOUNCER_TEST_SOUND_SERVER"] == "pipewire" }

    @Test(
        "An announcement to a sink that PipeWire suspended while idle is heard from its first syllable",
        .enabled(if: onPipeWire, "only the PipeWire run has a session manager (WirePlumber) that suspends an idle sink")
    )
    func suspendedSinkKeepsTheFirstSyllable() async throws {
        let text = "Password is required."
        // What eSpeak NG itself says, before any sound server, is the measure.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("suspended-sink-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let referencePath = folder.appendingPathComponent("reference.wav").path
        let rendering = try EngineHarness(sink: .wav(path: referencePath))
        rendering.say(text, .assertive, rate: 175)
        await rendering.finish()
        let reference = try WAVFile(contentsOf: referencePath)
        let said = try #require(Self.speechSpan(reference.samples.map { Double($0) }, sampleRate: reference.sampleRate))

        // A passive recording leaves the sink free to be suspended; it records once something plays.
        let capture = try PulseAudioCapture(passive: true)
        let harness = try EngineHarness(sink: .alsa(device: "default"))
        // The device opened and held ready keeps the sink running; the engine lets it rest after five idle
        // seconds, and WirePlumber suspends the sink five seconds later.
        let heldReady = try await offThread { try PulseAudioCapture.waitForState("RUNNING", seconds: 10) }
        var suspended = false
        if heldReady { suspended = try await offThread { try PulseAudioCapture.waitForState("SUSPENDED", seconds: 25) } }
        let error = harness.say(text, .assertive, rate: 175)
        await harness.finish()
        // Not a wait: it leaves the recording the last 300 ms that the sound server still plays.
        try await Task.sleep(for: .seconds(0.3))
        let recorded = capture.stopAndKeepSamples()
        try #require(heldReady, "the sink never ran for the device opened ahead: it is \((try? PulseAudioCapture.state()) ?? "not listed")")
        try #require(suspended, "the sink was never suspended: it is \((try? PulseAudioCapture.state()) ?? "not listed")")
        #expect(harness.outcome(of: error) == .spoken)

        let heard = try #require(Self.speechSpan(recorded.map { Double($0) }, sampleRate: PulseAudioCapture.sampleRate), "nothing was heard")
        // A clipped start shortens what is heard by what was lost; resampling blurs the edges by a millisecond or two.
        #expect(heard >= said - .milliseconds(15), "eSpeak NG said \(said) of speech; the suspended sink played \(heard)")
        #expect(heard <= said + .milliseconds(15), "eSpeak NG said \(said) of speech; the suspended sink played \(heard)")
    }

    /// From the first to the last millisecond louder than a twentieth of the loudest: how long the speech
    /// lasts, whatever its level. Nil when all is silent.
    static func speechSpan(_ samples: [Double], sampleRate: Int) -> Duration? {
        let window = sampleRate / 1_000
        let loudness = stride(from: 0, to: samples.count - window, by: window).map { start in
            (samples[start..<start + window].reduce(0) { $0 + $1 * $1 } / Double(window)).squareRoot()
        }
        guard let loudest = loudness.max(), loudest > 0 else { return nil }
        let threshold = loudest / 20
        guard let first = loudness.firstIndex(where: { $0 > threshold }), let last = loudness.lastIndex(where: { $0 > threshold }) else { return nil }
        return .milliseconds(last - first + 1)
    }
}
