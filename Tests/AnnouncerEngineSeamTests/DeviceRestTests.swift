import AnnouncerCore
import SeamTestSupport
import Testing

/// The playback thread lets the device rest after it was idle for five seconds, by the engine's clock,
/// so that the sound server can suspend it: tested with a clock moved by hand, without waiting.
@Suite struct DeviceRestTests {
    /// An engine that has spoken one announcement and is idle again, with its rest wake-up set.
    func spokeOnce() throws -> (FakeEngine, ManualClock) {
        let clock = ManualClock()
        let fake = FakeEngine(clock: clock)
        let hello = fake.say("Hello")
        fake.engine.scheduler.waitUntilIdle()
        #expect(fake.outcome(of: hello) == .spoken)
        try #require(clock.waitForWakeUp(at: clock.now() + .seconds(5)), "no rest was set after the announcement")
        return (fake, clock)
    }

    @Test("After an announcement the device is let rest once the clock has moved five seconds, and not before")
    func deviceRestsFiveSecondsAfterTheLastAnnouncement() throws {
        let (fake, clock) = try spokeOnce()
        let rest = clock.now() + .seconds(5)
        clock.advance(by: .seconds(5) - .microseconds(1))
        #expect(clock.liveWakeUps.contains(rest), "the rest came before its five seconds")
        #expect(fake.sink.rests.value == 0)
        clock.advance(by: .microseconds(1))
        #expect(fake.sink.waitForRest())
        #expect(fake.sink.rests.value == 1)
        fake.finish()
    }

    @Test("An announcement within the five seconds puts the rest off until five seconds after it")
    func announcementPutsTheRestOff() throws {
        let (fake, clock) = try spokeOnce()
        clock.advance(by: .seconds(4))
        let again = fake.say("Again")
        fake.engine.scheduler.waitUntilIdle()
        #expect(fake.outcome(of: again) == .spoken)
        let rest = clock.now() + .seconds(5)
        try #require(clock.waitForWakeUp(at: rest))
        // The first rest, due now, was cancelled by the announcement.
        clock.advance(by: .seconds(1))
        #expect(clock.liveWakeUps == [rest])
        #expect(fake.sink.rests.value == 0)
        clock.advance(by: .seconds(4))
        #expect(fake.sink.waitForRest())
        fake.finish()
        #expect(fake.sink.rests.value == 1)
    }
}
