import AnnouncerBench
import AnnouncerClient
import AnnouncerEmbedded
import AnnouncerEngine
import Audio
import Logging
import SeamTestSupport
import Testing

/// The runner as the Benchmarks package drives it: one round at a time, on an engine in this process, timed from outside.
/// The round's logic needs no eSpeak NG: the engine speaks with a fake synthesizer to a paced null sink.
@Suite(.serialized) struct BenchRunnerTests {
    @Test("A round run on its own hands its measured moment to the caller once, and its announcement is heard")
    func measureOnceTimesTheMomentAndHearsTheAnnouncement() throws {
        let synthesizer = FakeSynthesizer()
        let engine = SpeechEngine(
            synthesizer: synthesizer, sink: NullSink(format: AudioFormat(sampleRate: synthesizer.sampleRate)), describedAs: .null,
            logger: Logger(label: "test"))
        let destination = EmbeddedDestination(engine: engine)
        defer {
            destination.close()
            engine.finish()
        }
        var moments = 0
        let sample = try BenchRunner(destination: destination, words: .unnumbered).measureOnce(.idle, run: 7) { moment in
            moments += 1
            try moment()
            // Timing stops here, so the announcement must have been heard by now.
            #expect(destination.timeline.times(of: "bench.idle.7")?.audible != nil)
        }
        #expect(moments == 1)
        #expect(sample.id == "bench.idle.7")
        #expect(sample.failure == nil)
        #expect(sample.times.arrivalToFirstAudio != nil)
        // The round cancels what it sent, so the next one starts from quiet.
        #expect(destination.timeline.times(of: "bench.idle.7")?.outcome != nil)
    }

    @Test("Against a server each run's words differ, so its duplicate filter drops none; the Benchmarks say the same words every round")
    func numberedWordsDifferFromRunToRun() {
        #expect(ScenarioWords.numbered.error(0) == "Error 1: Must be a valid email address.")
        #expect(ScenarioWords.numbered.error(1, in: .norwegianBokmal) == "Feil 2: Skriv inn en gyldig e-postadresse.")
        #expect(ScenarioWords.numbered.longStatus(2).hasPrefix("Update 3. Checking your sign-in details."))
        #expect(ScenarioWords.unnumbered.error(0) == ScenarioWords.unnumbered.error(1))
        #expect(ScenarioWords.unnumbered.error(5) == "Error: Must be a valid email address.")
        #expect(ScenarioWords.unnumbered.passwordError(5) == "Feil: Passordet er for kort.")
        #expect(ScenarioWords.unnumbered.longStatus(5).hasPrefix("Checking your sign-in details."))
    }

    @Test("The 99th percentile is the nearest rank: the second slowest of 100, the slowest of 50")
    func exactP99IsNearestRank() {
        #expect(LatencyStatistics.exactP99(of: (1...100).map(UInt64.init).shuffled()) == 99)
        #expect(LatencyStatistics.exactP99(of: (1...50).map(UInt64.init)) == 50)
        #expect(LatencyStatistics.exactP99(of: [7]) == 7)
        #expect(LatencyStatistics.exactP99(of: []) == nil)
    }
}
