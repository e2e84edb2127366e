import AnnouncerCore
import AnnouncerScheduling
import SeamTestSupport
import Synchronization
import Testing

/// The scheduler's decisions carried out on a fake speaker, with a clock moved by hand: what starts,
/// what is cut, superseded or expired, when it is idle, and a pause at a mark. No process, no audio.
///
/// Every request and report reaches the scheduler's queue in order; `status()` waits for all before it,
/// so each check follows what came before it, and the clock moves only once the queue has taken them in.
@Suite struct SchedulerDecisionsTests {
    let clock = ManualClock()
    let speaker = FakeSpeaker()
    let timeline = TimelineRecorder()
    let scheduler: AnnouncementScheduler

    init() {
        scheduler = AnnouncementScheduler(speaker: speaker, clock: clock)
        scheduler.addObserver(timeline)
    }

    func said(
        _ text: String, _ politeness: Politeness = .polite, region: String? = nil, from client: Int = 1,
        script: [SpeechPart]? = nil
    ) -> Announcement {
        var announcement = try! Announcement(
            text: text, politeness: politeness, region: region.map { RegionID($0) }, arrival: clock.now(), client: ClientID(client))
        announcement.dropsRepeats = false
        announcement.script = script.map { SpeechScript(parts: $0) }
        return announcement
    }

    func stages(of announcement: Announcement) -> [TimelineEvent.Stage] {
        timeline.events(of: announcement.id).map(\.kind.stage)
    }

    @Test("An announcement starts on the speaker at once when nothing speaks, and is spoken when the speaker finishes")
    func anAnnouncementStartsAndIsSpoken() {
        let hello = said("Hello")
        scheduler.submit(hello)
        _ = scheduler.status()
        #expect(speaker.calls == [.speak(hello.id, resumingAfterMark: nil)])
        clock.advance(by: .milliseconds(20))
        speaker.report(.firstAudio(at: clock.now(), audibleAt: clock.now() + .milliseconds(30)), about: hello.id)
        speaker.report(.finished(.completed, at: clock.now() + .milliseconds(500)), about: hello.id)
        let status = scheduler.status()
        #expect(status.speaking == nil)
        #expect(timeline.outcome(of: hello.id) == .spoken)
        #expect(stages(of: hello) == [.received, .queued, .started, .firstAudio, .audible, .ended])
        #expect(timeline.first(.firstAudio, of: hello.id)?.time == MonotonicInstant(microseconds: 1_020_000))
    }

    /// A polite announcement speaking, and another client's assertive one submitted after it.
    func politeThenAssertive() -> (polite: Announcement, assertive: Announcement) {
        let status = said("Loading the inbox", from: 1)
        let error = said("Error: no connection", .assertive, from: 2)
        scheduler.submit(status)
        scheduler.submit(error)
        return (status, error)
    }

    @Test("An assertive announcement cuts the polite one speaking: the speaker is told to stop it first")
    func assertiveCutsPolite() {
        let (status, error) = politeThenAssertive()
        _ = scheduler.status()
        #expect(speaker.calls == [.speak(status.id, resumingAfterMark: nil), .stop(status.id), .speak(error.id, resumingAfterMark: nil)])
        #expect(timeline.outcome(of: status.id) == .interrupted(by: error.id))
        #expect(scheduler.status().speaking?.id == error.id)
    }

    @Test("Audio reported for an announcement already cut is not put on the timeline")
    func audioOfACutAnnouncementIsNotNews() {
        let (status, _) = politeThenAssertive()
        _ = scheduler.status()
        speaker.report(.firstAudio(at: clock.now(), audibleAt: clock.now()), about: status.id)
        _ = scheduler.status()
        #expect(timeline.first(.firstAudio, of: status.id) == nil)
    }

    @Test("Another client's assertive announcement cuts a speaking assertive one when the hold limit has passed on the clock")
    func assertiveHoldLimitCutsByTheClock() throws {
        let limit = try #require(LiveRegionPolicy.standard.assertiveHoldLimit)
        let long = said("A long error text", .assertive, from: 1)
        let other = said("Another program's error", .assertive, from: 2)
        scheduler.submit(long)
        scheduler.submit(other)
        // Taken in before the clock moves: the wait counts from when the speaking one started.
        _ = scheduler.status()
        clock.advance(by: limit)
        #expect(scheduler.status().speaking?.id == long.id, "not cut at the limit itself")
        clock.advance(by: .microseconds(1))
        #expect(scheduler.status().speaking?.id == other.id)
        #expect(timeline.outcome(of: long.id) == .interruptedAfterHolding(by: other.id, limit: limit))
        #expect(speaker.calls.suffix(2) == [.stop(long.id), .speak(other.id, resumingAfterMark: nil)])
    }

    @Test("A newer announcement for a region supersedes its waiting one, which never reaches the speaker")
    func newerRegionAnnouncementSupersedesTheWaitingOne() {
        let speaking = said("Reading the page")
        let three = said("3 new messages", region: "inbox")
        let four = said("4 new messages", region: "inbox")
        for announcement in [speaking, three, four] { scheduler.submit(announcement) }
        _ = scheduler.status()
        #expect(timeline.outcome(of: three.id) == .superseded(by: four.id))
        speaker.report(.finished(.completed, at: clock.now()), about: speaking.id)
        #expect(scheduler.status().speaking?.id == four.id)
        #expect(!speaker.calls.contains(.speak(three.id, resumingAfterMark: nil)))
    }

    @Test("A polite announcement expires once it has waited longer than its time to live on the clock, and not before")
    func politeAnnouncementExpiresByTheClock() {
        let speaking = said("A long status text")
        let waiting = said("Saved")
        scheduler.submit(speaking)
        scheduler.submit(waiting)
        _ = scheduler.status()
        clock.advance(by: LiveRegionPolicy.standard.politeTimeToLive)
        #expect(scheduler.status().waitingPolite == 1)
        #expect(timeline.outcome(of: waiting.id) == nil)
        clock.advance(by: .microseconds(1))
        #expect(scheduler.status().waitingPolite == 0)
        #expect(timeline.outcome(of: waiting.id) == .expired)
        #expect(!speaker.calls.contains(.speak(waiting.id, resumingAfterMark: nil)))
    }

    @Test("The scheduler is idle only once the speaker has finished what it was given")
    func idleFollowsTheSpeakersFinish() {
        let hello = said("Hello")
        scheduler.submit(hello)
        let idle = Mutex(false)
        scheduler.whenIdle { idle.withLock { $0 = true } }
        _ = scheduler.status()
        #expect(!idle.withLock { $0 })
        speaker.report(.finished(.completed, at: clock.now()), about: hello.id)
        _ = scheduler.status()
        #expect(idle.withLock { $0 })
    }

    @Test("A pause stops speech at the speaker's next mark; the resume speaks on after that mark, and first audio is reported once")
    func pauseAtAMarkAndResumeAfterIt() {
        let page = said("First part. Second part.", from: 1, script: [
            .text("First part.", .plain), .mark("one"), .text("Second part.", .plain), .mark("two"),
        ])
        scheduler.submit(page)
        _ = scheduler.status()
        speaker.report(.firstAudio(at: clock.now(), audibleAt: clock.now()), about: page.id)
        scheduler.pause(.client(ClientID(1)))
        _ = scheduler.status()
        #expect(speaker.calls.last == .pause(page.id))

        let idle = Mutex(false)
        speaker.report(.mark(index: 0, at: clock.now(), audibleAt: clock.now()), about: page.id)
        speaker.report(.paused(afterMark: 0, at: clock.now()), about: page.id)
        scheduler.whenIdle { idle.withLock { $0 = true } }
        let paused = scheduler.status()
        #expect(paused.speaking == nil)
        #expect(!idle.withLock { $0 }, "held speech is not idleness")
        #expect(timeline.events(of: page.id).map(\.kind).contains(.mark("one")))
        #expect(stages(of: page).last == .paused)

        scheduler.resume(.client(ClientID(1)))
        speaker.report(.firstAudio(at: clock.now(), audibleAt: clock.now()), about: page.id)
        speaker.report(.finished(.completed, at: clock.now()), about: page.id)
        _ = scheduler.status()
        #expect(speaker.calls.last == .speak(page.id, resumingAfterMark: 0))
        #expect(stages(of: page).filter { $0 == .firstAudio }.count == 1)
        #expect(stages(of: page).contains(.resumed))
        #expect(timeline.outcome(of: page.id) == .spoken)
        #expect(idle.withLock { $0 })
    }

    @Test("A pause of everyone ends at its time limit on the clock, with a notice, and what it held speaks again")
    func pauseOfEveryoneEndsAtItsLimitByTheClock() {
        let page = said("A long page", from: 1)
        let notices = Mutex<[QueueNotice]>([])
        scheduler.onNotice { notice in notices.withLock { $0.append(notice) } }
        scheduler.submit(page)
        scheduler.pause(.all, by: ClientID(9), lastingAtMost: .seconds(2))
        _ = scheduler.status()
        #expect(speaker.calls.last == .pause(page.id))
        speaker.report(.paused(afterMark: nil, at: clock.now()), about: page.id)
        _ = scheduler.status()
        clock.advance(by: .seconds(1))
        #expect(scheduler.status().speaking == nil)
        #expect(notices.withLock { $0 }.isEmpty)
        clock.advance(by: .seconds(1) + .microseconds(1))
        #expect(scheduler.status().speaking?.id == page.id)
        #expect(notices.withLock { $0 }.count == 1)
        #expect(speaker.calls.last == .speak(page.id, resumingAfterMark: nil))
    }
}
