import AnnouncerCore
import AnnouncerEngine
import AnnouncerScheduling
import Audio
import Dispatch
import Logging
import Speech
import Testing

/// `SpeechEngine` with the synthesizer, sink and clock it is given: no eSpeak NG, no worker process, no device.
@Suite struct EngineSeamTests {
    /// Answers every request with one chunk of samples of the value 7, on a queue of its own, and keeps the texts.
    final class FixedSynthesizer: Synthesizer {
        let sampleRate = 22_050
        let catalog = ESpeakCatalog(voices: [])
        let texts = Locked<[String]>([])
        private let queue = DispatchQueue(label: "fixed-synthesizer")

        func enqueue(_ request: SynthesisRequest) {
            texts.update { $0.append(request.text) }
            queue.async {
                let chunk = [Int16](repeating: 7, count: 1_081)
                let delivered = chunk.withUnsafeBufferPointer { request.deliver($0) }
                request.finish(delivered ? .completed : .aborted)
            }
        }
    }

    /// The system's clock an hour on: every time the scheduler stamps comes from it.
    struct HourAheadClock: SchedulerClock {
        let system = SystemMonotonicClock()
        func now() -> MonotonicInstant { system.now() + .seconds(3_600) }
        func wake(at deadline: MonotonicInstant, on queue: DispatchQueue, _ body: @escaping @Sendable () -> Void) -> any WakeUp {
            system.wake(at: MonotonicInstant(microseconds: deadline.microseconds - 3_600_000_000), on: queue, body)
        }
    }

    @Test("An engine given its synthesizer, sink and clock speaks through them: the text to the synthesizer, its audio to the sink, the times from the clock")
    func engineSpeaksThroughWhatItIsGiven() throws {
        let synthesizer = FixedSynthesizer()
        let sink = ScriptedSink(failAfterWrites: nil)
        let clock = HourAheadClock()
        let engine = SpeechEngine(
            synthesizer: synthesizer, sink: sink, describedAs: .null, clock: clock, sounds: nil, logger: Logger(label: "test"))
        let timeline = TimelineRecorder()
        engine.scheduler.addObserver(timeline)
        let hello = try Announcement(text: "Hello", arrival: clock.now())
        engine.submit(hello)
        engine.finish()
        #expect(timeline.outcome(of: hello.id) == .spoken)
        #expect(synthesizer.texts.value.contains { $0.contains("Hello") }, "\(synthesizer.texts.value)")
        #expect(sink.firstSamples.contains(7))
        let started = try #require(timeline.first(.started, of: hello.id))
        #expect(started.time >= hello.arrival, "stamped by the clock given, an hour ahead of the system's")
    }
}
