import AnnouncerCore
import AnnouncerVoices
import Testing

/// Live-region rules that need no real speech, on the engine's fake parts: what is spoken, silenced,
/// dropped as a duplicate or failed, and that each announcement ends once. Moved here from
/// `LiveRegionRulesOnRealEngineTests`, which keeps the rules that need speech that lasts.
@Suite struct LiveRegionRulesOnFakeEngineTests {
    @Test("The same text at the same politeness within one second is not spoken twice")
    func duplicateIsNotSpokenTwice() {
        let fake = FakeEngine()
        let first = fake.say("Saved.")
        let again = fake.say("Saved.")
        fake.finish()
        #expect(fake.outcome(of: first) == .spoken)
        #expect(fake.outcome(of: again) == .duplicate(of: first.id))
    }

    @Test("An off announcement is recorded but never spoken")
    func offIsSilenced() {
        let fake = FakeEngine()
        let quiet = fake.say("Background sync finished.", .off)
        fake.finish()
        #expect(fake.outcome(of: quiet) == .silenced)
        #expect(fake.timeline.first(.started, of: quiet.id) == nil)
        #expect(fake.timeline.first(.received, of: quiet.id) != nil)
        #expect(fake.synthesizer.spoken.value.isEmpty)
    }

    @Test("A synthesis failure ends the announcement failed with a reason, and the next is spoken")
    func synthesisFailureEndsFailed() {
        var missingVoice = VoiceProfile.bare(.norwegianBokmal)
        missingVoice.espeakVoice = "xx-missing"
        let fake = FakeEngine(voices: VoiceLibrary(profiles: [.bare(.english), missingVoice]))
        let broken = fake.say("Dette feiler.", language: .norwegianBokmal)
        let next = fake.say("This works.", language: .english)
        fake.finish()
        guard case let .failed(reason)? = fake.outcome(of: broken) else {
            Issue.record("expected failed, got \(String(describing: fake.outcome(of: broken)))")
            return
        }
        #expect(reason.contains("xx-missing"))
        #expect(fake.outcome(of: next) == .spoken)
    }

    @Test("An announcement submitted after the engine finished ends failed, not never")
    func announcementAfterFinishEndsFailed() {
        let fake = FakeEngine()
        fake.finish()
        let late = fake.say("Too late.")
        fake.engine.scheduler.waitUntilIdle()
        guard case let .failed(reason)? = fake.outcome(of: late) else {
            Issue.record("expected failed, got \(String(describing: fake.outcome(of: late)))")
            return
        }
        #expect(reason.contains("closed"))
    }

    @Test("Norwegian and English are spoken one after the other, each by its own voice")
    func bothLanguagesAreSpoken() {
        let fake = FakeEngine()
        let english = fake.say("Sign in, button")
        let norwegian = fake.say("Logg inn, knapp", language: .norwegianBokmal)
        fake.finish()
        #expect(fake.outcome(of: english) == .spoken)
        #expect(fake.outcome(of: norwegian) == .spoken)
        #expect(fake.timeline.first(.firstAudio, of: norwegian.id) != nil)
        #expect(fake.synthesizer.spoken.value.count == 2)
    }

    @Test("Every announcement ends with exactly one outcome on the timeline")
    func everyAnnouncementEndsOnce() {
        let fake = FakeEngine(policy: LiveRegionPolicy(maxWaitingPolite: 3))
        var all: [Announcement] = []
        for index in 0..<12 {
            let politeness: Politeness = [.polite, .assertive, .off, .polite][index % 4]
            all.append(fake.say("Message \(index % 5).", politeness, region: index % 3 == 0 ? "r" : nil))
        }
        fake.engine.scheduler.cancel(.id(all[5].id))
        fake.finish()
        for announcement in all {
            let ends = fake.timeline.events(of: announcement.id).filter { if case .ended = $0.kind { true } else { false } }
            #expect(ends.count == 1, "announcement \(announcement.id) ended \(ends.count) times")
        }
    }
}
