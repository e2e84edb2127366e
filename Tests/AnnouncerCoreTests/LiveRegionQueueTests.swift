import Testing
@testable import AnnouncerCore

/// The live-region rules, one behaviour per test, with times chosen by hand.
@Suite struct LiveRegionQueueTests {
    var queue = LiveRegionQueue()

    // MARK: - Order

    @Test("Assertive is spoken before polite")
    mutating func assertiveIsSpokenBeforePolite() {
        let speaking = polite("first", at: 0)
        _ = queue.submit(speaking, now: t(0))
        let waitingPolite = polite("second", at: 1)
        let waitingAssertive = assertive("urgent", at: 2)
        _ = queue.submit(waitingPolite, now: t(1))
        _ = queue.submit(waitingAssertive, now: t(2))
        // The assertive one cut the speaking polite one; the waiting polite one comes after it.
        #expect(queue.speaking?.id == waitingAssertive.id)
        let next = queue.speechEnded(waitingAssertive.id, result: .completed, now: t(3))
        #expect(next.contains(.start(waitingPolite)))
    }

    @Test("Within one level, first in, first out")
    mutating func firstInFirstOutWithinOneLevel() {
        let a = assertive("one", at: 0), b = assertive("two", at: 1), c = assertive("three", at: 2)
        for item in [a, b, c] { _ = queue.submit(item, now: item.arrival) }
        #expect(queue.speaking?.id == a.id)
        #expect(queue.waitingInSpeakingOrder.map(\.id) == [b.id, c.id])
        _ = queue.speechEnded(a.id, result: .completed, now: t(3))
        #expect(queue.speaking?.id == b.id)
    }

    @Test("Ties in arrival time keep submission order")
    mutating func equalArrivalTimesKeepSubmissionOrder() {
        let items = (0..<5).map { polite("same time \($0)", at: 7) }
        for item in items { _ = queue.submit(item, now: t(7)) }
        #expect([queue.speaking!.id] + queue.waitingInSpeakingOrder.map(\.id) == items.map(\.id))
    }

    // MARK: - Interruption

    @Test("An assertive arriving while a polite one speaks cuts it, naming who cut it")
    mutating func assertiveCutsPoliteUtterance() {
        let statusMessage = polite("Loading your messages", at: 0)
        _ = queue.submit(statusMessage, now: t(0))
        let error = assertive("Error: wrong password", at: 500)
        let actions = queue.submit(error, now: t(500))
        #expect(actions == [
            .queued(error),
            .stop(statusMessage.id),
            .end(statusMessage, .interrupted(by: error.id)),
            .start(error),
        ])
    }

    @Test("An assertive does not cut an assertive of the same client: it waits behind it")
    mutating func assertiveWaitsBehindAssertive() {
        let first = assertive("First error", at: 0)
        let second = assertive("Second error", at: 10)
        _ = queue.submit(first, now: t(0))
        let actions = queue.submit(second, now: t(10))
        #expect(actions == [.queued(second)])
        #expect(queue.speaking?.id == first.id)
    }

    @Test("A polite arriving while a polite one speaks waits")
    mutating func politeDoesNotCutPolite() {
        let first = polite("first", at: 0)
        _ = queue.submit(first, now: t(0))
        let second = polite("second", at: 1)
        #expect(queue.submit(second, now: t(1)) == [.queued(second)])
    }

    // MARK: - Regions

    @Test("A new announcement for a region replaces its waiting one")
    mutating func newRegionAnnouncementSupersedesWaitingOne() {
        _ = queue.submit(assertive("busy", at: 0), now: t(0))
        let old = polite("3 new messages", region: "inbox", at: 1)
        let new = polite("4 new messages", region: "inbox", at: 2)
        _ = queue.submit(old, now: t(1))
        let actions = queue.submit(new, now: t(2))
        #expect(actions == [.end(old, .superseded(by: new.id)), .queued(new)])
        #expect(queue.waitingInSpeakingOrder.map(\.id) == [new.id])
    }

    @Test("A region's speaking announcement is not superseded")
    mutating func speakingRegionAnnouncementIsNotSuperseded() {
        let speaking = polite("Uploading 10%", region: "upload", at: 0)
        _ = queue.submit(speaking, now: t(0))
        let next = polite("Uploading 20%", region: "upload", at: 1)
        #expect(queue.submit(next, now: t(1)) == [.queued(next)])
        #expect(queue.speaking?.id == speaking.id)
    }

    @Test("A polite update never displaces a waiting assertive one of the same region")
    mutating func politeDoesNotSupersedeWaitingAssertive() {
        _ = queue.submit(assertive("busy", at: 0), now: t(0))
        let error = assertive("Error: card declined", region: "payment", at: 1)
        let status = polite("Payment form ready", region: "payment", at: 2)
        _ = queue.submit(error, now: t(1))
        #expect(queue.submit(status, now: t(2)) == [.queued(status)])
        #expect(queue.waitingInSpeakingOrder.map(\.id) == [error.id, status.id])
    }

    @Test("An assertive update supersedes a waiting polite one of the same region")
    mutating func assertiveSupersedesWaitingPoliteOfSameRegion() {
        _ = queue.submit(assertive("busy", at: 0), now: t(0))
        let status = polite("Checking", region: "login", at: 1)
        let error = assertive("Error: wrong password", region: "login", at: 2)
        _ = queue.submit(status, now: t(1))
        let actions = queue.submit(error, now: t(2))
        #expect(actions.first == .end(status, .superseded(by: error.id)))
    }

    // MARK: - Duplicates

    @Test("The same text at the same politeness within one second is not spoken twice")
    mutating func duplicateWithinOneSecondIsNotSpokenTwice() {
        let first = polite("Saved", at: 0)
        _ = queue.submit(first, now: t(0))
        let again = polite("Saved", at: 999)
        #expect(queue.submit(again, now: t(999)) == [.end(again, .duplicate(of: first.id))])
    }

    @Test("An announcement that does not drop repeats is queued again within the window, and does not make others duplicates")
    mutating func announcementThatKeepsRepeatsIsQueuedAgain() {
        var first = polite("blank", at: 0)
        first.dropsRepeats = false
        _ = queue.submit(first, now: t(0))
        var again = polite("blank", at: 100)
        again.dropsRepeats = false
        #expect(queue.submit(again, now: t(100)).contains(.queued(again)))
        let liveRegion = polite("blank", at: 200)
        #expect(queue.submit(liveRegion, now: t(200)).contains(.queued(liveRegion)))
    }

    @Test("The same text after the window is spoken again")
    mutating func sameTextAfterWindowIsSpokenAgain() {
        let first = polite("Saved", at: 0)
        _ = queue.submit(first, now: t(0))
        let later = polite("Saved", at: 1_000)
        #expect(queue.submit(later, now: t(1_000)).contains(.queued(later)))
    }

    @Test("The same text at another politeness is not a duplicate")
    mutating func sameTextAtOtherPolitenessIsNotDuplicate() {
        _ = queue.submit(polite("Saved", at: 0), now: t(0))
        let urgent = assertive("Saved", at: 10)
        #expect(queue.submit(urgent, now: t(10)).contains(.queued(urgent)))
    }

    @Test("The duplicate window is configurable")
    func duplicateWindowIsConfigurable() {
        var queue = LiveRegionQueue(policy: LiveRegionPolicy(duplicateWindow: .milliseconds(250)))
        _ = queue.submit(polite("Saved", at: 0), now: t(0))
        let later = polite("Saved", at: 300)
        #expect(queue.submit(later, now: t(300)).contains(.queued(later)))
    }

    @Test("A cancelled announcement does not make the next identical one a duplicate")
    mutating func cancelledTextIsNotADuplicate() {
        let first = polite("Saved", at: 0)
        _ = queue.submit(first, now: t(0))
        _ = queue.cancel(.id(first.id), now: t(10))
        let again = polite("Saved", at: 20)
        #expect(queue.submit(again, now: t(20)).contains(.start(again)))
    }

    @Test("A superseded announcement does not make the next identical one a duplicate")
    mutating func supersededTextIsNotADuplicate() {
        _ = queue.submit(assertive("busy", at: 0), now: t(0))
        let saving = polite("Saving", region: "save", at: 1)
        _ = queue.submit(saving, now: t(1))
        _ = queue.submit(polite("Saved", region: "save", at: 2), now: t(2))
        let savingAgain = polite("Saving", region: "save", at: 3)
        #expect(queue.submit(savingAgain, now: t(3)).contains(.queued(savingAgain)))
    }

    @Test("A dropped announcement does not make the next identical one a duplicate")
    func droppedTextIsNotADuplicate() {
        var queue = LiveRegionQueue(policy: LiveRegionPolicy(maxWaitingPolite: 1))
        _ = queue.submit(assertive("busy", at: 0), now: t(0))
        _ = queue.submit(polite("status one", at: 1), now: t(1))
        _ = queue.submit(polite("status two", at: 2), now: t(2)) // drops "status one"
        let again = polite("status one", at: 3)
        #expect(queue.submit(again, now: t(3)).contains(.queued(again)))
    }

    // MARK: - Expiry

    @Test("A polite announcement that waited longer than its time to live is not spoken")
    mutating func stalePoliteAnnouncementExpires() {
        let long = assertive("A long assertive message", at: 0)
        let stale = polite("Stale status", at: 1)
        _ = queue.submit(long, now: t(0))
        _ = queue.submit(stale, now: t(1))
        #expect(queue.nextExpiry == t(30_001))
        #expect(queue.expire(now: t(30_001)) == [])
        #expect(queue.expire(now: t(30_002)) == [.end(stale, .expired)])
    }

    @Test("An expired polite announcement is skipped when the speaker comes free")
    mutating func expiredPoliteIsSkippedAtDequeue() {
        let long = assertive("A long assertive message", at: 0)
        let stale = polite("Stale status", at: 1)
        let fresh = polite("Fresh status", at: 29_000)
        for item in [long, stale, fresh] { _ = queue.submit(item, now: item.arrival) }
        let actions = queue.speechEnded(long.id, result: .completed, now: t(31_000))
        #expect(actions == [.end(long, .spoken), .end(stale, .expired), .start(fresh)])
    }

    @Test("The polite time to live is configurable")
    func politeTimeToLiveIsConfigurable() {
        var queue = LiveRegionQueue(policy: LiveRegionPolicy(politeTimeToLive: .seconds(2)))
        _ = queue.submit(assertive("busy", at: 0), now: t(0))
        let stale = polite("status", at: 0)
        _ = queue.submit(stale, now: t(0))
        #expect(queue.expire(now: t(2_001)) == [.end(stale, .expired)])
    }

    @Test("Assertive announcements do not expire")
    mutating func assertiveDoesNotExpire() {
        _ = queue.submit(assertive("busy", at: 0), now: t(0))
        _ = queue.submit(assertive("waiting", at: 1), now: t(1))
        #expect(queue.expire(now: t(100_000)) == [])
        #expect(queue.waitingCount(.assertive) == 1)
    }

    // MARK: - Bounds

    @Test("On overflow the oldest waiting polite announcement is dropped")
    func oldestWaitingPoliteIsDroppedOnOverflow() {
        var queue = LiveRegionQueue(policy: LiveRegionPolicy(maxWaitingPolite: 3))
        _ = queue.submit(assertive("busy", at: 0), now: t(0))
        let waiting = (1...3).map { polite("status \($0)", at: Int64($0)) }
        for item in waiting { _ = queue.submit(item, now: item.arrival) }
        let newest = polite("status 4", at: 4)
        let actions = queue.submit(newest, now: t(4))
        guard case let .end(dropped, .dropped)? = actions.first else {
            Issue.record("expected the oldest to be dropped, got \(actions)")
            return
        }
        #expect(dropped.id == waiting[0].id)
        #expect(queue.waitingInSpeakingOrder.map(\.id) == [waiting[1].id, waiting[2].id, newest.id])
    }

    @Test("A full assertive lane refuses the newcomer with an outcome, never silently")
    func fullAssertiveLaneRefusesNewcomerAudibly() {
        var queue = LiveRegionQueue(policy: LiveRegionPolicy(maxWaitingAssertive: 1))
        _ = queue.submit(assertive("speaking", at: 0), now: t(0))
        let waiting = assertive("waiting", at: 1)
        _ = queue.submit(waiting, now: t(1))
        let refused = assertive("refused", at: 2)
        let actions = queue.submit(refused, now: t(2))
        guard case .end(refused, .dropped)? = actions.first else {
            Issue.record("expected the newcomer to end dropped, got \(actions)")
            return
        }
        #expect(queue.waitingInSpeakingOrder.map(\.id) == [waiting.id])
    }

    @Test("A refused assertive announcement supersedes nothing")
    func refusedAssertiveSupersedesNothing() {
        var queue = LiveRegionQueue(policy: LiveRegionPolicy(maxWaitingAssertive: 1))
        _ = queue.submit(assertive("speaking", at: 0), now: t(0))
        _ = queue.submit(assertive("waiting", at: 1), now: t(1))
        let status = polite("status", region: "login", at: 2)
        _ = queue.submit(status, now: t(2))
        let refused = assertive("refused", region: "login", at: 3)
        let actions = queue.submit(refused, now: t(3))
        #expect(actions.count == 1)
        #expect(queue.waitingInSpeakingOrder.map(\.id).contains(status.id))
    }

    @Test("An assertive replacing its region's waiting assertive fits even in a full lane")
    func assertiveReplacingItsRegionFitsFullLane() {
        var queue = LiveRegionQueue(policy: LiveRegionPolicy(maxWaitingAssertive: 1))
        _ = queue.submit(assertive("speaking", at: 0), now: t(0))
        let old = assertive("Error: wrong password", region: "login", at: 1)
        _ = queue.submit(old, now: t(1))
        let new = assertive("Error: account locked", region: "login", at: 2)
        #expect(queue.submit(new, now: t(2)) == [.end(old, .superseded(by: new.id)), .queued(new)])
    }

    @Test("By default 10,000 polite may wait per client and 20,000 in all")
    mutating func waitingPoliteBoundsDefaultToTenThousandPerClientAndTwentyThousandInAll() {
        _ = queue.submit(assertive("busy", at: 0), now: t(0))
        var dropped = 0
        for index in 0..<10_001 {
            let actions = queue.submit(polite("status \(index)", at: 1), now: t(1))
            dropped += actions.count { if case .end(_, .dropped) = $0 { true } else { false } }
        }
        #expect(dropped == 1)
        #expect(queue.waitingCount(.polite) == 10_000)
        #expect(queue.policy.maxWaitingPolite == 20_000)
    }

    // MARK: - Off

    @Test("Off announcements are recorded but never spoken")
    mutating func offAnnouncementIsSilenced() {
        let quiet = announcement("Background sync done", .off, at: 0)
        #expect(queue.submit(quiet, now: t(0)) == [.end(quiet, .silenced)])
        #expect(queue.isIdle)
    }

    // MARK: - Cancel

    @Test("Cancel by id ends a waiting announcement")
    mutating func cancelByIDEndsWaitingAnnouncement() {
        let speaking = polite("speaking", at: 0)
        let waiting = polite("waiting", at: 1)
        _ = queue.submit(speaking, now: t(0))
        _ = queue.submit(waiting, now: t(1))
        #expect(queue.cancel(.id(waiting.id), now: t(2)) == [.end(waiting, .cancelled)])
        #expect(queue.speaking?.id == speaking.id)
    }

    @Test("Cancel by id cuts the speaking announcement and starts the next")
    mutating func cancelByIDCutsSpeakingAnnouncement() {
        let speaking = polite("speaking", at: 0)
        let waiting = polite("waiting", at: 1)
        _ = queue.submit(speaking, now: t(0))
        _ = queue.submit(waiting, now: t(1))
        #expect(queue.cancel(.id(speaking.id), now: t(2)) == [
            .stop(speaking.id), .end(speaking, .cancelled), .start(waiting),
        ])
    }

    @Test("Cancel by region ends that region's waiting and speaking announcements only")
    mutating func cancelByRegionEndsOnlyThatRegion() {
        let speaking = polite("Upload 10%", region: "upload", at: 0)
        let other = polite("New message", region: "inbox", at: 1)
        let waiting = assertive("Upload failed", region: "upload", at: 2)
        _ = queue.submit(speaking, now: t(0))
        _ = queue.submit(other, now: t(1))
        _ = queue.submit(waiting, now: t(2)) // cuts `speaking`
        let actions = queue.cancel(.region(RegionID("upload")), now: t(3))
        #expect(actions == [.stop(waiting.id), .end(waiting, .cancelled), .start(other)])
    }

    @Test("Cancel all ends everything, speaking first, then in speaking order")
    mutating func cancelAllEndsEverything() {
        let items = [polite("a", at: 0), polite("b", at: 1), assertive("c", at: 2), polite("d", at: 3)]
        for item in items { _ = queue.submit(item, now: item.arrival) }
        // "c" cut "a"; "b" and "d" wait.
        let actions = queue.cancel(.all, now: t(4))
        #expect(actions == [
            .stop(items[2].id), .end(items[2], .cancelled), .end(items[1], .cancelled), .end(items[3], .cancelled),
        ])
        #expect(queue.isIdle)
    }

    @Test("Stop ends only what is speaking")
    mutating func stopEndsOnlyWhatIsSpeaking() {
        let speaking = polite("a", at: 0), waiting = polite("b", at: 1)
        _ = queue.submit(speaking, now: t(0))
        _ = queue.submit(waiting, now: t(1))
        #expect(queue.cancel(.speaking, now: t(2)) == [.stop(speaking.id), .end(speaking, .cancelled), .start(waiting)])
    }

    @Test("An id used again after its announcement was cancelled takes a new place at the back")
    mutating func reusedIDTakesNewPlace() throws {
        _ = queue.submit(polite("speaking", at: 0), now: t(0))
        let first = try Announcement(id: AnnouncementID("x"), text: "first x", arrival: t(1))
        let other = polite("other", at: 2)
        _ = queue.submit(first, now: t(1))
        _ = queue.submit(other, now: t(2))
        _ = queue.cancel(.id(first.id), now: t(3))
        let again = try Announcement(id: AnnouncementID("x"), text: "second x", arrival: t(4))
        _ = queue.submit(again, now: t(4))
        #expect(queue.waitingInSpeakingOrder.map(\.text) == ["other", "second x"])
        #expect(queue.nextExpiry == other.arrival + queue.policy.politeTimeToLive)
    }

    // MARK: - Conduct (SSIP's text and notification)

    @Test("A replaceable announcement is cut by a newer one for its region, even while it speaks")
    mutating func replaceableSpeakingAnnouncementIsSuperseded() {
        var first = polite("Typing h", region: "client-7-text", at: 0)
        first.conduct = .replaceableWhileSpeaking
        var second = polite("Typing he", region: "client-7-text", at: 10)
        second.conduct = .replaceableWhileSpeaking
        _ = queue.submit(first, now: t(0))
        let actions = queue.submit(second, now: t(10))
        #expect(actions == [.stop(first.id), .end(first, .superseded(by: second.id)), .queued(second), .start(second)])
    }

    @Test("A replaceable announcement is not cut by a newer one of another region")
    mutating func replaceableAnnouncementKeepsSpeakingForOtherRegion() {
        var first = polite("Typing h", region: "client-7-text", at: 0)
        first.conduct = .replaceableWhileSpeaking
        _ = queue.submit(first, now: t(0))
        let other = polite("Saved", region: "client-8-text", at: 10)
        #expect(queue.submit(other, now: t(10)) == [.queued(other)])
        #expect(queue.speaking?.id == first.id)
    }

    @Test("An idle-only announcement is dropped with a reason when anything else speaks")
    mutating func idleOnlyAnnouncementIsDroppedWhenBusy() {
        _ = queue.submit(polite("Loading", at: 0), now: t(0))
        var notification = polite("New mail", at: 10)
        notification.conduct = .onlyWhenIdle
        let actions = queue.submit(notification, now: t(10))
        guard case let .end(ended, .dropped(reason))? = actions.first else {
            Issue.record("expected a dropped outcome, got \(actions)")
            return
        }
        #expect(ended.id == notification.id)
        #expect(reason.contains("nothing else"))
        #expect(actions.count == 1)
    }

    @Test("An idle-only announcement speaks when idle and is cut by anything that arrives")
    mutating func idleOnlyAnnouncementGivesWayToAnything() {
        var notification = polite("New mail", at: 0)
        notification.conduct = .onlyWhenIdle
        _ = queue.submit(notification, now: t(0))
        #expect(queue.speaking?.id == notification.id)
        let next = polite("Page loaded", at: 10)
        let actions = queue.submit(next, now: t(10))
        #expect(actions == [.queued(next), .stop(notification.id), .end(notification, .interrupted(by: next.id)), .start(next)])
    }

    // MARK: - Speech results

    @Test("A failed synthesis ends the announcement failed and the next one starts")
    mutating func failedSpeechEndsFailedAndNextStarts() {
        let broken = polite("a", at: 0), next = polite("b", at: 1)
        _ = queue.submit(broken, now: t(0))
        _ = queue.submit(next, now: t(1))
        let actions = queue.speechEnded(broken.id, result: .failed(reason: "The audio device failed."), now: t(2))
        #expect(actions == [.end(broken, .failed(reason: "The audio device failed.")), .start(next)])
    }

    @Test("A late report for speech that was already cut changes nothing")
    mutating func lateReportForCutSpeechIsIgnored() {
        let cut = polite("a", at: 0), urgent = assertive("b", at: 1)
        _ = queue.submit(cut, now: t(0))
        _ = queue.submit(urgent, now: t(1))
        #expect(queue.speechEnded(cut.id, result: .completed, now: t(2)) == [])
        #expect(queue.speaking?.id == urgent.id)
    }

    // MARK: - Exactly one outcome

    @Test("Every announcement ends with exactly one outcome, whatever happens to it")
    func everyAnnouncementEndsExactlyOnce() {
        var queue = LiveRegionQueue(policy: LiveRegionPolicy(politeTimeToLive: .seconds(5), maxWaitingPolite: 20))
        var generator = SplitMix64(seed: 42)
        var submitted: Set<AnnouncementID> = []
        var ended: [AnnouncementID: Int] = [:]
        func tally(_ actions: [QueueAction]) {
            for case let .end(announcement, _) in actions { ended[announcement.id, default: 0] += 1 }
        }
        var now: Int64 = 0
        for step in 0..<5_000 {
            now += Int64(generator.next() % 400)
            switch generator.next() % 10 {
            case 0...5:
                let politeness: Politeness = [.off, .polite, .polite, .assertive][Int(generator.next() % 4)]
                let region = generator.next() % 3 == 0 ? "r\(generator.next() % 3)" : nil
                var item = announcement("text \(generator.next() % 30)", politeness, region: region, at: now)
                item.conduct = QueueConduct.allCases[Int(generator.next() % 3)]
                submitted.insert(item.id)
                tally(queue.submit(item, now: t(now)))
            case 6:
                if let speaking = queue.speaking { tally(queue.speechEnded(speaking.id, result: .completed, now: t(now))) }
            case 7:
                tally(queue.expire(now: t(now)))
            case 8:
                let waiting = queue.waitingInSpeakingOrder
                if !waiting.isEmpty { tally(queue.cancel(.id(waiting[Int(generator.next() % UInt64(waiting.count))].id), now: t(now))) }
            default:
                if step % 50 == 0 { tally(queue.cancel(.region(RegionID("r1")), now: t(now))) }
            }
        }
        tally(queue.cancel(.all, now: t(now)))
        #expect(Set(ended.keys) == submitted)
        #expect(ended.values.allSatisfy { $0 == 1 })
        #expect(queue.isIdle)
    }
}

// MARK: - Helpers

func t(_ milliseconds: Int64) -> MonotonicInstant { MonotonicInstant(microseconds: UInt64(milliseconds * 1_000)) }

func announcement(
    _ text: String, _ politeness: Politeness, region: String? = nil, at milliseconds: Int64, from client: ClientID = .embedded
) -> Announcement {
    try! Announcement(text: text, politeness: politeness, region: region.map { RegionID($0) }, arrival: t(milliseconds), client: client)
}

func polite(_ text: String, region: String? = nil, at milliseconds: Int64) -> Announcement {
    announcement(text, .polite, region: region, at: milliseconds)
}

func assertive(_ text: String, region: String? = nil, at milliseconds: Int64) -> Announcement {
    announcement(text, .assertive, region: region, at: milliseconds)
}

/// A small deterministic generator, so the mixed-operations test is the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
