import AnnouncerCore
import AnnouncerScheduling
import Dispatch
import Speech
import Testing

/// `SpeechEngine` with the synthesizer, sink and clock it is given: no eSpeak NG, no worker process, no device.
@Suite struct EngineSeamTests {
    /// The system's clock an hour on: every time the scheduler stamps comes from it.
    struct HourAheadClock: SchedulerClock {
        let system = SystemMonotonicClock()
        func now() -> MonotonicInstant { system.now() + .seconds(3_600) }
        func wake(at deadline: MonotonicInstant, on queue: DispatchQueue, _ body: @escaping @Sendable () -> Void) -> any WakeUp {
            system.wake(at: MonotonicInstant(microseconds: deadline.microseconds - 3_600_000_000), on: queue, body)
        }
    }

    @Test("Words reach the synthesizer as a plain value: the same announcement gives an equal request, another text an unequal one")
    func wordsReachTheSynthesizerAsValues() throws {
        var requests: [SynthesisRequest] = []
        for text in ["Hello there", "Hello there", "Goodbye"] {
            let fake = FakeEngine()
            fake.say(text)
            fake.finish()
            requests += fake.synthesizer.requests.value
        }
        try #require(requests.count == 3)
        #expect(requests[0] == requests[1])
        #expect(requests[0] != requests[2])
        #expect(requests[0].text == "Hello there" && requests[0].voice == requests[2].voice && !requests[0].isMarkup)
        // The preparation travels with the request as a value, and runs only when it is synthesized.
        #expect(requests[0].preparation != nil)
        #expect(requests[0].prepared.text.contains("Hello there"))
        #expect(requests[0].prepared.preparation == nil)
    }

    @Test("An engine given its synthesizer, sink and clock speaks through them: the text to the synthesizer, its audio to the sink, the times from the clock")
    func engineSpeaksThroughWhatItIsGiven() throws {
        let fake = FakeEngine(clock: HourAheadClock())
        let hello = fake.say("Hello")
        fake.finish()
        #expect(fake.outcome(of: hello) == .spoken)
        #expect(fake.synthesizer.spoken.value.contains { $0.contains("Hello") }, "\(fake.synthesizer.spoken.value)")
        #expect(fake.sink.chunks.value.first?.first == 7)
        let started = try #require(fake.timeline.first(.started, of: hello.id))
        #expect(started.time >= hello.arrival, "stamped by the clock given, an hour ahead of the system's")
        let firstAudio = try #require(fake.timeline.first(.firstAudio, of: hello.id))
        #expect(firstAudio.time >= hello.arrival, "the playback thread stamps by the clock given too")
    }
}
