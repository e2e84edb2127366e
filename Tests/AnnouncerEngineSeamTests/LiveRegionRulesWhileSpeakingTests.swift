import AnnouncerCore
import SeamTestSupport
import Testing

/// Live-region rules that need an announcement still speaking, on the engine's fake parts: the
/// `RecordingSink` holds a write, so the first announcement speaks until the test lets it go or a cut
/// ends it, and the clock moves only by hand. Moved here from `LiveRegionRulesOnRealEngineTests`.
@Suite struct LiveRegionRulesWhileSpeakingTests {
    /// An engine whose first announcement, `first`, is speaking: its write after `written` chunks is held.
    func speaking(
        _ text: String, _ politeness: Politeness, after written: Int = 1, clock: ManualClock = ManualClock(),
        policy: LiveRegionPolicy = .standard
    ) throws -> (FakeEngine, Announcement) {
        let fake = FakeEngine(clock: clock, policy: policy)
        fake.sink.hold(after: written)
        let first = fake.say(text, politeness)
        try #require(fake.sink.waitUntilHeld(), "the first announcement never reached the sink")
        return (fake, first)
    }

    @Test("An assertive announcement cuts a speaking polite one, which ends interrupted by it")
    func assertiveCutsPoliteUtterance() throws {
        let (fake, status) = try speaking("This polite status message keeps talking for quite a while.", .polite)
        let error = fake.say("Error: Must be a valid email address", .assertive)
        fake.finish()
        #expect(fake.outcome(of: status) == .interrupted(by: error.id))
        #expect(fake.outcome(of: error) == .spoken)
        // Of the polite one, its first word only: the cut refused the write it held. Then the error's words.
        let errorWords = try #require(fake.synthesizer.spoken.value.last).split(whereSeparator: \.isWhitespace).count
        #expect(fake.sink.chunks.value.count == 1 + errorWords)
    }

    @Test("An assertive announcement waits behind a speaking assertive one")
    func assertiveWaitsBehindAssertive() throws {
        let (fake, first) = try speaking("First error: the password is wrong.", .assertive)
        let second = fake.say("Second error: the account is locked.", .assertive)
        fake.sink.release()
        fake.finish()
        #expect(fake.outcome(of: first) == .spoken)
        #expect(fake.outcome(of: second) == .spoken)
        let firstEnded = try #require(fake.timeline.first(.ended, of: first.id))
        let secondStarted = try #require(fake.timeline.first(.started, of: second.id))
        #expect(fake.timeline.recorded.firstIndex(of: secondStarted)! > fake.timeline.recorded.firstIndex(of: firstEnded)!)
    }

    @Test("Assertive is spoken before waiting polite; within a level, first in, first out")
    func assertiveFirstThenFirstInFirstOut() throws {
        let (fake, opening) = try speaking("Opening.", .assertive, after: 0)
        let politeOne = fake.say("Polite one.")
        let politeTwo = fake.say("Polite two.")
        let urgent = fake.say("Urgent.", .assertive)
        fake.sink.release()
        fake.finish()
        let startOrder = fake.timeline.recorded.filter { if case .started = $0.kind { true } else { false } }.map(\.announcement.id)
        #expect(startOrder == [opening.id, urgent.id, politeOne.id, politeTwo.id])
        for announcement in [opening, politeOne, politeTwo, urgent] {
            #expect(fake.outcome(of: announcement) == .spoken)
        }
    }

    @Test("A newer announcement for a region supersedes that region's waiting one")
    func regionSupersedesWaiting() throws {
        let (fake, busy) = try speaking("Busy speaking something else first.", .assertive, after: 0)
        let old = fake.say("3 new messages", region: "inbox")
        let new = fake.say("4 new messages", region: "inbox")
        fake.sink.release()
        fake.finish()
        #expect(fake.outcome(of: busy) == .spoken)
        #expect(fake.outcome(of: old) == .superseded(by: new.id))
        #expect(fake.outcome(of: new) == .spoken)
    }

    @Test("A polite announcement that waits past its time to live expires by the clock, while the assertive one still speaks")
    func stalePoliteExpires() throws {
        let clock = ManualClock()
        let (fake, long) = try speaking("A long assertive announcement.", .assertive, clock: clock,
                                        policy: LiveRegionPolicy(politeTimeToLive: .milliseconds(300)))
        let stale = fake.say("Stale status.")
        // status() waits for what the scheduler's queue has before it: here the stale one's expiry wake-up.
        _ = fake.engine.scheduler.status()
        clock.advance(by: .milliseconds(300) + .microseconds(1))
        _ = fake.engine.scheduler.status()
        #expect(fake.outcome(of: stale) == .expired)
        // It expired while the assertive one was still speaking.
        #expect(fake.outcome(of: long) == nil)
        fake.engine.scheduler.cancel(.all)
        fake.finish()
    }

    @Test("On overflow the oldest waiting polite announcement is dropped")
    func overflowDropsOldestPolite() throws {
        let (fake, _) = try speaking("Busy.", .assertive, after: 0, policy: LiveRegionPolicy(maxWaitingPolite: 2))
        let oldest = fake.say("Status one.")
        let middle = fake.say("Status two.")
        let newest = fake.say("Status three.")
        fake.sink.release()
        fake.finish()
        guard case .dropped? = fake.outcome(of: oldest) else {
            Issue.record("expected dropped, got \(String(describing: fake.outcome(of: oldest)))")
            return
        }
        #expect(fake.outcome(of: middle) == .spoken)
        #expect(fake.outcome(of: newest) == .spoken)
    }

    @Test("Cancel by id, by region and all end announcements cancelled, speaking ones cut")
    func cancelEndsCancelled() throws {
        let (fake, speaking) = try speaking("This keeps talking for a while.", .polite)
        let byID = fake.say("Cancel me by id.")
        let byRegion = fake.say("Cancel me by region.", region: "upload")
        let rest = fake.say("Cancel me with all.")
        // Each cancel must end its own targets, and only them.
        #expect(fake.engine.scheduler.cancelAndCount(.id(byID.id)) == 1)
        #expect(fake.outcome(of: byID) == .cancelled)
        #expect(fake.outcome(of: byRegion) == nil)
        #expect(fake.engine.scheduler.cancelAndCount(.region(RegionID("upload"))) == 1)
        #expect(fake.outcome(of: byRegion) == .cancelled)
        #expect(fake.outcome(of: speaking) == nil)
        #expect(fake.outcome(of: rest) == nil)
        fake.engine.scheduler.cancel(.all)
        fake.finish()
        for announcement in [speaking, byID, byRegion, rest] {
            #expect(fake.outcome(of: announcement) == .cancelled)
        }
        #expect(fake.sink.chunks.value.count == 1, "only the speaking one's first word was written")
    }
}
