import AnnouncerCore
import AnnouncerEngine
import AnnouncerVoices
import Testing

/// Every live-region rule, through real synthesis and the real-time null sink.
@Suite struct LiveRegionRulesOnRealEngineTests {
    @Test("An assertive announcement cuts a speaking polite one, which ends interrupted by it")
    func assertiveCutsPoliteUtterance() throws {
        let harness = try EngineHarness()
        let status = harness.say(longText, .polite, rate: 175)
        #expect(harness.waitFor(.firstAudio, of: status) != nil)
        let error = harness.say("Error: Must be a valid email address", .assertive)
        harness.finish()
        #expect(harness.outcome(of: status) == .interrupted(by: error.id))
        #expect(harness.outcome(of: error) == .spoken)
        let latency = try #require(harness.timeline.first(.firstAudio, of: error.id)).sinceArrival
        #expect(latency < .milliseconds(500))
    }

    @Test("An assertive announcement waits behind a speaking assertive one")
    func assertiveWaitsBehindAssertive() throws {
        let harness = try EngineHarness()
        let first = harness.say("First error: the password is wrong.", .assertive)
        #expect(harness.waitFor(.firstAudio, of: first) != nil)
        let second = harness.say("Second error: the account is locked.", .assertive)
        harness.finish()
        #expect(harness.outcome(of: first) == .spoken)
        #expect(harness.outcome(of: second) == .spoken)
        let firstEnded = try #require(harness.timeline.first(.ended, of: first.id)).time
        let secondStarted = try #require(harness.timeline.first(.started, of: second.id)).time
        #expect(secondStarted >= firstEnded)
    }

    @Test("Assertive is spoken before waiting polite; within a level, first in, first out")
    func assertiveFirstThenFirstInFirstOut() throws {
        let harness = try EngineHarness()
        let opening = harness.say("Opening.", .assertive)
        let politeOne = harness.say("Polite one.")
        let politeTwo = harness.say("Polite two.")
        let urgent = harness.say("Urgent.", .assertive)
        harness.finish()
        let startOrder = harness.timeline.recorded.filter { $0.kind == .started }.map(\.announcement.id)
        #expect(startOrder == [opening.id, urgent.id, politeOne.id, politeTwo.id])
        for announcement in [opening, politeOne, politeTwo, urgent] {
            #expect(harness.outcome(of: announcement) == .spoken)
        }
    }

    @Test("A newer announcement for a region supersedes that region's waiting one")
    func regionSupersedesWaiting() throws {
        let harness = try EngineHarness()
        let busy = harness.say("Busy speaking something else first.", .assertive)
        let old = harness.say("3 new messages", region: "inbox")
        let new = harness.say("4 new messages", region: "inbox")
        harness.finish()
        #expect(harness.outcome(of: busy) == .spoken)
        #expect(harness.outcome(of: old) == .superseded(by: new.id))
        #expect(harness.outcome(of: new) == .spoken)
    }

    @Test("The same text at the same politeness within one second is not spoken twice")
    func duplicateIsNotSpokenTwice() throws {
        let harness = try EngineHarness()
        let first = harness.say("Saved.")
        let again = harness.say("Saved.")
        harness.finish()
        #expect(harness.outcome(of: first) == .spoken)
        #expect(harness.outcome(of: again) == .duplicate(of: first.id))
    }

    @Test("A polite announcement that waits past its time to live expires, on its own timer")
    func stalePoliteExpires() throws {
        let harness = try EngineHarness(policy: LiveRegionPolicy(politeTimeToLive: .milliseconds(300)))
        let long = harness.say(longText, .assertive, rate: 175)
        let stale = harness.say("Stale status.")
        #expect(harness.waitFor(.ended, of: stale, timeout: 5) != nil)
        // It expired while the assertive one was still speaking, not when the queue came free.
        #expect(harness.outcome(of: long) == nil)
        harness.engine.scheduler.cancel(.all)
        harness.finish()
        #expect(harness.outcome(of: stale) == .expired)
    }

    @Test("On overflow the oldest waiting polite announcement is dropped")
    func overflowDropsOldestPolite() throws {
        let harness = try EngineHarness(policy: LiveRegionPolicy(maxWaitingPolite: 2))
        harness.say("Busy.", .assertive)
        let oldest = harness.say("Status one.")
        let middle = harness.say("Status two.")
        let newest = harness.say("Status three.")
        harness.finish()
        guard case .dropped? = harness.outcome(of: oldest) else {
            Issue.record("expected dropped, got \(String(describing: harness.outcome(of: oldest)))")
            return
        }
        #expect(harness.outcome(of: middle) == .spoken)
        #expect(harness.outcome(of: newest) == .spoken)
    }

    @Test("An off announcement is recorded but never spoken")
    func offIsSilenced() throws {
        let harness = try EngineHarness()
        let quiet = harness.say("Background sync finished.", .off)
        harness.finish()
        #expect(harness.outcome(of: quiet) == .silenced)
        #expect(harness.timeline.first(.started, of: quiet.id) == nil)
        #expect(harness.timeline.first(.received, of: quiet.id) != nil)
    }

    @Test("Cancel by id, by region and all end announcements cancelled, speaking ones cut")
    func cancelEndsCancelled() throws {
        let harness = try EngineHarness()
        let speaking = harness.say(longText, rate: 175)
        let byID = harness.say("Cancel me by id.")
        let byRegion = harness.say("Cancel me by region.", region: "upload")
        let rest = harness.say("Cancel me with all.")
        #expect(harness.waitFor(.firstAudio, of: speaking) != nil)
        // Each cancel must end its own targets, and only them, before the next is sent.
        harness.engine.scheduler.cancel(.id(byID.id))
        #expect(harness.waitFor(.ended, of: byID) != nil)
        #expect(harness.outcome(of: byRegion) == nil)
        harness.engine.scheduler.cancel(.region(RegionID("upload")))
        #expect(harness.waitFor(.ended, of: byRegion) != nil)
        #expect(harness.outcome(of: speaking) == nil)
        #expect(harness.outcome(of: rest) == nil)
        harness.engine.scheduler.cancel(.all)
        harness.finish()
        for announcement in [speaking, byID, byRegion, rest] {
            #expect(harness.outcome(of: announcement) == .cancelled)
        }
    }

    @Test("A synthesis failure ends the announcement failed with a reason, and the next is spoken")
    func synthesisFailureEndsFailed() throws {
        var missingVoice = VoiceProfile.bare(.norwegianBokmal)
        missingVoice.espeakVoice = "xx-missing"
        let harness = try EngineHarness(voices: VoiceLibrary(profiles: [.bare(.english), missingVoice]))
        let broken = harness.say("Dette feiler.", language: .norwegianBokmal)
        let next = harness.say("This works.", language: .english)
        harness.finish()
        guard case let .failed(reason)? = harness.outcome(of: broken) else {
            Issue.record("expected failed, got \(String(describing: harness.outcome(of: broken)))")
            return
        }
        #expect(reason.contains("xx-missing"))
        #expect(harness.outcome(of: next) == .spoken)
    }

    @Test("An announcement submitted after the engine finished ends failed, not never")
    func announcementAfterFinishEndsFailed() throws {
        let harness = try EngineHarness()
        harness.finish()
        let late = harness.say("Too late.")
        #expect(harness.waitFor(.ended, of: late, timeout: 5) != nil)
        guard case let .failed(reason)? = harness.outcome(of: late) else {
            Issue.record("expected failed, got \(String(describing: harness.outcome(of: late)))")
            return
        }
        #expect(reason.contains("closed"))
    }

    @Test("Norwegian and English are spoken one after the other")
    func bothLanguagesAreSpoken() throws {
        let harness = try EngineHarness()
        let english = harness.say("Sign in, button")
        let norwegian = harness.say("Logg inn, knapp", language: .norwegianBokmal)
        harness.finish()
        #expect(harness.outcome(of: english) == .spoken)
        #expect(harness.outcome(of: norwegian) == .spoken)
        #expect(harness.timeline.first(.firstAudio, of: norwegian.id) != nil)
    }

    @Test("Every announcement ends with exactly one outcome on the timeline")
    func everyAnnouncementEndsOnce() throws {
        let harness = try EngineHarness(policy: LiveRegionPolicy(maxWaitingPolite: 3))
        var all: [Announcement] = []
        for index in 0..<12 {
            let politeness: Politeness = [.polite, .assertive, .off, .polite][index % 4]
            all.append(harness.say("Message \(index % 5).", politeness, region: index % 3 == 0 ? "r" : nil))
        }
        harness.engine.scheduler.cancel(.id(all[5].id))
        harness.finish()
        for announcement in all {
            let ends = harness.timeline.events(of: announcement.id).filter { if case .ended = $0.kind { true } else { false } }
            #expect(ends.count == 1, "announcement \(announcement.id) ended \(ends.count) times")
        }
    }
}

extension TimelineEvent.Kind {
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
}
