import AnnouncerCore
import AnnouncerEngine
import Benchmark

/// What one round of a latency scenario works with: its sink's engine, its benchmark and its gate.
struct LatencyRound {
    let engine: SpeechEngine
    let benchmark: Benchmark
    /// The benchmark's full name, for messages.
    let name: String
    let gate: LatencyGate

    /// Plays an announcement outside the measurement and waits for its first audio;
    /// false, having marked the run as failed, if none came.
    func play(_ text: String, politeness: Politeness) -> Bool {
        let announcement = try! Announcement(text: text, politeness: politeness, arrival: .now())
        return engine.submitAndWaitForFirstAudio(announcement, benchmark: name) != nil
    }

    /// The measurement: an assertive announcement arrives now; its arrival to first audio goes to
    /// the results table and to the gate. The wall clock runs from just before it is made to when
    /// this thread hears of its first audio.
    func measureAssertive(_ text: String = errorText) {
        benchmark.startMeasurement()
        let announcement = try! Announcement(text: text, politeness: .assertive, arrival: .now())
        let latency = engine.submitAndWaitForFirstAudio(announcement, benchmark: name)
        benchmark.stopMeasurement()
        if let latency { gate.record(latency, in: benchmark) }
    }
}
