import Testing
@testable import AnnouncerCore

/// Pause and resume, as Speech Dispatcher's clients use them: one rule per test, with times chosen by hand.
@Suite struct PausingTests {
    let reader = ClientID(1)
    let other = ClientID(2)
    let third = ClientID(3)

    func said(_ text: String, _ politeness: Politeness = .polite, at milliseconds: Int64, from client: ClientID) -> Announcement {
        announcement(text, politeness, at: milliseconds, from: client)
    }

    /// A queue in which `speaking`, of the reader, was paused after mark `afterMark` and is held.
    func queueHolding(_ speaking: Announcement, afterMark: Int? = nil, at milliseconds: Int64 = 100) -> LiveRegionQueue {
        var queue = LiveRegionQueue()
        _ = queue.submit(speaking, now: speaking.arrival)
        _ = queue.pause(.client(speaking.client), now: t(milliseconds))
        _ = queue.speechPaused(speaking.id, afterMark: afterMark, now: t(milliseconds))
        return queue
    }

    func pausedAfter(_ announcement: Announcement, mark: Int?) -> Announcement {
        var paused = announcement
        paused.resumesAfterMark = mark
        return paused
    }

    // MARK: - Pausing what speaks

    @Test("Pausing the speaking announcement's client asks the speaker to pause it, and it still speaks")
    func pausingTheSpeakingClientAsksTheSpeakerToPauseIt() {
        var queue = LiveRegionQueue()
        let page = said("A long page", at: 0, from: reader)
        _ = queue.submit(page, now: t(0))
        #expect(queue.pause(.client(reader), now: t(10)) == [.pause(page.id)])
        #expect(queue.speaking?.id == page.id)
        #expect(queue.isPaused(reader))
    }

    @Test("Pausing another client leaves the speaking announcement alone")
    func pausingAnotherClientLeavesTheSpeakingOneAlone() {
        var queue = LiveRegionQueue()
        _ = queue.submit(said("A long page", at: 0, from: reader), now: t(0))
        #expect(queue.pause(.client(other), now: t(10)).isEmpty)
    }

    @Test("A second pause before the speaker answers does not ask again")
    func aSecondPauseDoesNotAskAgain() {
        var queue = LiveRegionQueue()
        _ = queue.submit(said("A long page", at: 0, from: reader), now: t(0))
        _ = queue.pause(.client(reader), now: t(10))
        #expect(queue.pause(.client(reader), now: t(20)).isEmpty)
        #expect(queue.pause(.all, now: t(30)).isEmpty)
    }

    @Test("Until the pause takes effect nothing else starts")
    func nothingStartsUntilThePauseTakesEffect() {
        var queue = LiveRegionQueue()
        let page = said("A long page", at: 0, from: reader)
        _ = queue.submit(page, now: t(0))
        _ = queue.pause(.client(reader), now: t(10))
        let mail = said("New mail", at: 20, from: other)
        #expect(queue.submit(mail, now: t(20)) == [.queued(mail)])
        #expect(queue.speaking?.id == page.id)
    }

    @Test("When the speech stops, the announcement is held with the mark it stopped after, and the next starts")
    func speechPausedHoldsTheAnnouncementAndStartsTheNext() {
        var queue = LiveRegionQueue()
        let page = said("A long page", at: 0, from: reader)
        let mail = said("New mail", at: 20, from: other)
        _ = queue.submit(page, now: t(0))
        _ = queue.pause(.client(reader), now: t(10))
        _ = queue.submit(mail, now: t(20))
        let held = pausedAfter(page, mark: 2)
        #expect(queue.speechPaused(page.id, afterMark: 2, now: t(30)) == [.paused(held), .start(mail)])
        #expect(queue.held == [held])
        #expect(queue.speaking?.id == mail.id)
    }

    @Test("Speech that stops before any mark resumes from the start")
    func pausedBeforeAnyMarkResumesFromTheStart() {
        let page = said("A long page", at: 0, from: reader)
        #expect(queueHolding(page, afterMark: nil).held == [pausedAfter(page, mark: nil)])
    }

    @Test("Paused again with no new mark heard, it keeps the mark it resumed from")
    func aSecondPauseWithNoNewMarkKeepsTheEarlierMark() {
        let page = said("A long page", at: 0, from: reader)
        var queue = queueHolding(page, afterMark: 3)
        #expect(queue.resume(.client(reader), now: t(200)) == [.resume(pausedAfter(page, mark: 3))])
        _ = queue.pause(.client(reader), now: t(300))
        #expect(queue.speechPaused(page.id, afterMark: nil, now: t(310)) == [.paused(pausedAfter(page, mark: 3))])
    }

    @Test("A pause report for what is not speaking changes nothing")
    func aPauseReportForWhatIsNotSpeakingIsIgnored() {
        var queue = LiveRegionQueue()
        let page = said("A long page", at: 0, from: reader)
        _ = queue.submit(page, now: t(0))
        _ = queue.pause(.client(reader), now: t(10))
        #expect(queue.speechPaused(AnnouncementID("someone else"), afterMark: 1, now: t(20)).isEmpty)
        #expect(queue.speaking?.id == page.id)
        #expect(queue.held.isEmpty)
    }

    @Test("Speech that ends before the pause takes effect is spoken, and its client stays paused")
    func speechThatEndsBeforeThePauseTakesEffectIsSpokenAndTheClientStaysPaused() {
        var queue = LiveRegionQueue()
        let page = said("A short line", at: 0, from: reader)
        let more = said("The next line", at: 1, from: reader)
        let mail = said("New mail", at: 2, from: other)
        for item in [page, more, mail] { _ = queue.submit(item, now: item.arrival) }
        _ = queue.pause(.client(reader), now: t(10))
        #expect(queue.speechEnded(page.id, result: .completed, now: t(20)) == [.end(page, .spoken), .start(mail)])
        #expect(queue.speechPaused(page.id, afterMark: nil, now: t(21)).isEmpty)
        #expect(queue.held.isEmpty)
        #expect(queue.speechEnded(mail.id, result: .completed, now: t(30)) == [.end(mail, .spoken)])
        #expect(queue.waitingInSpeakingOrder == [more])
    }

    // MARK: - Waiting while paused

    @Test("A paused client's waiting announcements keep their place while other clients speak in turn")
    func pausedClientsWaitingAnnouncementsKeepTheirPlaceWhileOthersSpeak() {
        var queue = LiveRegionQueue()
        _ = queue.submit(said("busy", .assertive, at: 0, from: third), now: t(0))
        let mine = (1...2).map { said("line \($0)", at: Int64($0), from: reader) }
        let theirs = (1...2).map { said("mail \($0)", at: Int64(10 + $0), from: other) }
        for item in mine + theirs { _ = queue.submit(item, now: item.arrival) }
        _ = queue.pause(.client(reader), now: t(20))
        #expect(queue.speechEnded(queue.speaking!.id, result: .completed, now: t(30)).last == .start(theirs[0]))
        #expect(queue.speechEnded(theirs[0].id, result: .completed, now: t(40)).last == .start(theirs[1]))
        #expect(queue.speechEnded(theirs[1].id, result: .completed, now: t(50)) == [.end(theirs[1], .spoken)])
        #expect(queue.resume(.client(reader), now: t(60)) == [.start(mine[0])])
    }

    @Test("A paused client's new announcements are accepted and wait")
    func newAnnouncementsFromAPausedClientAreAcceptedAndWait() {
        var queue = LiveRegionQueue()
        _ = queue.pause(.client(reader), now: t(0))
        let line = said("A line", at: 10, from: reader)
        #expect(queue.submit(line, now: t(10)) == [.queued(line)])
        #expect(queue.speaking == nil)
        #expect(queue.waitingCount(.polite, of: reader) == 1)
    }

    @Test("The waiting order lists a paused client's announcements after everyone else's")
    func waitingOrderListsPausedClientsLast() {
        var queue = LiveRegionQueue()
        _ = queue.submit(said("busy", .assertive, at: 0, from: third), now: t(0))
        let mine = said("Error in line 3", .assertive, at: 1, from: reader)
        let theirs = said("New mail", at: 2, from: other)
        for item in [mine, theirs] { _ = queue.submit(item, now: item.arrival) }
        _ = queue.pause(.client(reader), now: t(3))
        #expect(queue.waitingInSpeakingOrder == [theirs, mine])
    }

    @Test("A paused client is still held to its bound on waiting announcements")
    func aPausedClientIsStillBoundedInWhatItMayHaveWaiting() {
        var queue = LiveRegionQueue(policy: LiveRegionPolicy(maxWaitingPolitePerClient: 2))
        _ = queue.pause(.client(reader), now: t(0))
        let lines = (1...3).map { said("line \($0)", at: Int64($0), from: reader) }
        _ = queue.submit(lines[0], now: t(1))
        _ = queue.submit(lines[1], now: t(2))
        let actions = queue.submit(lines[2], now: t(3))
        guard case .end(lines[0], .dropped)? = actions.first else {
            Issue.record("expected the oldest line to be dropped, got \(actions)")
            return
        }
        #expect(queue.waitingCount(.polite, of: reader) == 2)
    }

    // MARK: - Resuming

    @Test("On resume the held announcement goes first in its client's line, and resumes when its turn comes")
    func resumePutsTheHeldAnnouncementFirstInItsClientsLine() {
        var queue = LiveRegionQueue()
        let page = said("A long page", at: 0, from: reader)
        let more = said("The next page", at: 1, from: reader)
        let mail = said("New mail", at: 2, from: other)
        for item in [page, more, mail] { _ = queue.submit(item, now: item.arrival) }
        _ = queue.pause(.client(reader), now: t(10))
        _ = queue.speechPaused(page.id, afterMark: 1, now: t(20)) // mail starts
        #expect(queue.resume(.client(reader), now: t(30)).isEmpty)
        #expect(queue.waitingInSpeakingOrder == [pausedAfter(page, mark: 1), more])
        #expect(queue.speechEnded(mail.id, result: .completed, now: t(40)) == [.end(mail, .spoken), .resume(pausedAfter(page, mark: 1))])
    }

    @Test("Resuming when nothing else is due resumes the held announcement at once")
    func resumingWhenIdleResumesAtOnce() {
        let page = said("A long page", at: 0, from: reader)
        var queue = queueHolding(page, afterMark: 4)
        #expect(queue.resume(.client(reader), now: t(200)) == [.resume(pausedAfter(page, mark: 4))])
        #expect(queue.held.isEmpty)
        #expect(!queue.isPaused(reader))
    }

    @Test("Resuming a client that was not paused does nothing")
    func resumingAClientThatWasNotPausedDoesNothing() {
        let page = said("A long page", at: 0, from: reader)
        var queue = queueHolding(page)
        #expect(queue.resume(.client(other), now: t(200)).isEmpty)
        #expect(queue.held.count == 1)
    }

    @Test("A resumed announcement that cuts a polite one resumes rather than starts")
    func aResumedAssertiveCutsPoliteAndResumes() {
        var queue = LiveRegionQueue()
        let error = said("Error: build failed", .assertive, at: 0, from: reader)
        let mail = said("New mail", at: 1, from: other)
        _ = queue.submit(error, now: t(0))
        _ = queue.submit(mail, now: t(1))
        _ = queue.pause(.client(reader), now: t(10))
        _ = queue.speechPaused(error.id, afterMark: nil, now: t(20)) // mail starts
        #expect(queue.resume(.client(reader), now: t(30)) == [
            .stop(mail.id), .end(mail, .interrupted(by: error.id)), .resume(pausedAfter(error, mark: nil)),
        ])
    }

    @Test("If the client resumes before the pause takes effect, the stopped announcement is not held but put back to resume")
    func resumedBeforeThePauseTookEffectIsPutBackToResume() {
        var queue = LiveRegionQueue()
        let page = said("A long page", at: 0, from: reader)
        _ = queue.submit(page, now: t(0))
        _ = queue.pause(.client(reader), now: t(10))
        #expect(queue.resume(.client(reader), now: t(20)).isEmpty)
        let stopped = pausedAfter(page, mark: 0)
        #expect(queue.speechPaused(page.id, afterMark: 0, now: t(30)) == [.paused(stopped), .resume(stopped)])
        #expect(queue.held.isEmpty)
    }

    // MARK: - Everyone

    @Test("Pausing everyone reaches clients that appear while the pause lasts")
    func pauseAllReachesClientsThatAppearLater() {
        var queue = LiveRegionQueue()
        _ = queue.pause(.all, now: t(0))
        let newcomer = said("Hello", at: 10, from: ClientID(42))
        #expect(queue.submit(newcomer, now: t(10)) == [.queued(newcomer)])
        #expect(queue.isPausedForAll)
        #expect(queue.isPaused(ClientID(42)))
    }

    @Test("Resuming one client while everyone is paused resumes only that client")
    func resumingOneClientDuringPauseAllResumesOnlyIt() {
        var queue = LiveRegionQueue()
        _ = queue.pause(.all, now: t(0))
        let mine = said("A line", at: 1, from: reader)
        let theirs = said("New mail", at: 2, from: other)
        for item in [mine, theirs] { _ = queue.submit(item, now: item.arrival) }
        #expect(queue.resume(.client(other), now: t(10)) == [.start(theirs)])
        #expect(queue.isPaused(reader))
        #expect(queue.isPaused(third))
        #expect(queue.pausedClients.everyone?.resumedOneByOne == [other])
    }

    @Test("Resuming everyone resumes every client, whether paused one by one or all at once")
    func resumeAllResumesEveryone() {
        var queue = LiveRegionQueue()
        _ = queue.pause(.client(third), now: t(0))
        _ = queue.pause(.all, now: t(1))
        _ = queue.resume(.client(other), now: t(2))
        _ = queue.pause(.client(other), now: t(3))
        let mine = said("A line", at: 4, from: third)
        _ = queue.submit(mine, now: t(4))
        #expect(queue.resume(.all, now: t(10)) == [.start(mine)])
        #expect(queue.pausedClients == .nobody)
        #expect(!queue.isPausedForAll)
    }

    // MARK: - A pause lasts only while its client is connected

    @Test("A pause of everyone ends when the client that paused goes away, and the others go on")
    func pauseForAllEndsWhenItsSenderLeaves() {
        var queue = LiveRegionQueue()
        _ = queue.pause(.all, by: third, now: t(0))
        let mine = said("A line", at: 10, from: reader)
        _ = queue.submit(mine, now: t(10))
        #expect(queue.clientLeft(third, now: t(20)) == [.notice(.pauseForAllEnded(sender: third, because: .senderLeft)), .start(mine)])
        #expect(queue.pausedClients == .nobody)
    }

    @Test("A pause of everyone ends at its time limit while its sender stays, and says so once")
    func pauseForAllEndsAtItsTimeLimit() {
        var queue = LiveRegionQueue()
        _ = queue.pause(.all, by: third, lastingAtMost: .seconds(60), now: t(1_000))
        let mine = said("A line", at: 10_000, from: reader)
        _ = queue.submit(mine, now: t(10_000))
        #expect(queue.nextDecisionTime == t(61_000))
        #expect(queue.timePassed(now: t(60_999)).isEmpty)
        #expect(queue.timePassed(now: t(61_000)) == [.notice(.pauseForAllEnded(sender: third, because: .timeLimit(.seconds(60)))), .start(mine)])
        #expect(!queue.isPausedForAll)
        #expect(queue.nextDecisionTime == nil)
        #expect(queue.timePassed(now: t(62_000)).isEmpty)
    }

    @Test("When a pause of everyone ends without a resume, a client that paused itself stays paused")
    func clientsThatPausedThemselvesStayPausedWhenPauseForAllEnds() {
        var queue = LiveRegionQueue()
        _ = queue.pause(.client(reader), now: t(0))
        _ = queue.pause(.all, by: third, lastingAtMost: .seconds(1), now: t(1))
        let mine = said("Held back", at: 2, from: reader)
        let theirs = said("New mail", at: 3, from: other)
        for item in [mine, theirs] { _ = queue.submit(item, now: item.arrival) }
        #expect(queue.timePassed(now: t(1_001)).last == .start(theirs))
        #expect(queue.isPaused(reader))
        #expect(!queue.isPaused(other))
    }

    @Test("A second client's pause of everyone replaces the first, whose departure no longer ends it")
    func aLaterPauseForAllReplacesTheFirst() {
        var queue = LiveRegionQueue()
        _ = queue.pause(.all, by: third, now: t(0))
        _ = queue.pause(.all, by: other, now: t(1))
        #expect(queue.clientLeft(third, now: t(2)).isEmpty)
        #expect(queue.isPausedForAll)
        #expect(queue.clientLeft(other, now: t(3)) == [.notice(.pauseForAllEnded(sender: other, because: .senderLeft))])
    }

    @Test("When a paused client goes away, its waiting and held announcements end cancelled, with the reason")
    func aPausedClientThatLeavesHasItsAnnouncementsCancelled() {
        let page = said("A long page", at: 0, from: reader)
        var queue = queueHolding(page, afterMark: 1)
        let more = (1...3).map { said("line \($0)", .assertive, at: 200 + Int64($0), from: reader) }
        for item in more { _ = queue.submit(item, now: item.arrival) }
        let reason = "It was cancelled because its client went away while paused, so nobody was left to resume it."
        let actions = queue.clientLeft(reader, now: t(300))
        #expect(actions == [.end(pausedAfter(page, mark: 1), .cancelledBecause(reason: reason))] + more.map { .end($0, .cancelledBecause(reason: reason)) })
        #expect(Outcome.cancelledBecause(reason: reason).kind == .cancelled)
        #expect(queue.isIdle)
        #expect(queue.departed.isEmpty)
        #expect(queue.pausedClients == .nobody)
    }

    @Test("A paused client that goes away before its speech stopped has it cut and cancelled, and the next starts")
    func aPausedClientThatLeavesMidPauseHasItsSpeechCut() {
        var queue = LiveRegionQueue()
        let page = said("A long page", at: 0, from: reader)
        let mail = said("New mail", at: 1, from: other)
        for item in [page, mail] { _ = queue.submit(item, now: item.arrival) }
        _ = queue.pause(.client(reader), now: t(10))
        let actions = queue.clientLeft(reader, now: t(20))
        #expect(actions.prefix(2) == [.stop(page.id), .end(page, .cancelledBecause(reason: LiveRegionQueue.wentAwayWhilePaused))])
        #expect(actions.last == .start(mail))
    }

    @Test("A client that paused everyone and goes away has its own announcements cancelled, and the others go on")
    func theSenderOfAPauseForAllLeavingCancelsItsOwn() {
        var queue = LiveRegionQueue()
        _ = queue.pause(.all, by: third, now: t(0))
        let own = said("Mine", at: 1, from: third)
        let theirs = said("Theirs", at: 2, from: other)
        for item in [own, theirs] { _ = queue.submit(item, now: item.arrival) }
        #expect(queue.clientLeft(third, now: t(10)) == [
            .end(own, .cancelledBecause(reason: LiveRegionQueue.wentAwayWhilePaused)),
            .notice(.pauseForAllEnded(sender: third, because: .senderLeft)), .start(theirs),
        ])
    }

    @Test("A client paused only by another's pause of everyone keeps its announcements when it goes; they speak when the pause ends")
    func aClientPausedByAnotherKeepsItsAnnouncementsWhenItLeaves() {
        var queue = LiveRegionQueue()
        _ = queue.pause(.all, by: third, lastingAtMost: .seconds(60), now: t(0))
        let line = said("spd-say's message", at: 1, from: reader)
        _ = queue.submit(line, now: t(1))
        #expect(queue.clientLeft(reader, now: t(2)).isEmpty)
        #expect(queue.clientLeft(third, now: t(3)) == [.notice(.pauseForAllEnded(sender: third, because: .senderLeft)), .start(line)])
    }

    // MARK: - Cutting

    @Test("A speaking polite announcement asked to pause is still cut by another client's assertive one")
    func assertiveCutsAPolitePausePending() {
        var queue = LiveRegionQueue()
        let page = said("A long page", at: 0, from: reader)
        let error = said("Error", .assertive, at: 20, from: other)
        _ = queue.submit(page, now: t(0))
        _ = queue.pause(.client(reader), now: t(10))
        #expect(queue.submit(error, now: t(20)) == [.queued(error), .stop(page.id), .end(page, .interrupted(by: error.id)), .start(error)])
        #expect(queue.speechPaused(page.id, afterMark: 1, now: t(30)).isEmpty)
        #expect(queue.held.isEmpty)
    }

    @Test("Nothing cuts a held announcement: it only waits")
    func nothingCutsAHeldAnnouncement() {
        let page = said("A long page", at: 0, from: reader)
        var queue = queueHolding(page, afterMark: 1)
        let error = said("Error", .assertive, at: 200, from: other)
        #expect(queue.submit(error, now: t(200)) == [.queued(error), .start(error)])
        #expect(queue.held == [pausedAfter(page, mark: 1)])
    }

    // MARK: - Cancel

    @Test("A client's stop reaches its held announcement, which ends cancelled, and the client stays paused")
    func stopReachesAHeldAnnouncement() {
        let page = said("A long page", at: 0, from: reader)
        var queue = queueHolding(page, afterMark: 1)
        #expect(queue.cancel(.speakingAmong([page.id]), now: t(200)) == [.end(pausedAfter(page, mark: 1), .cancelled)])
        #expect(queue.held.isEmpty)
        #expect(queue.isPaused(reader))
        let next = said("The next page", at: 300, from: reader)
        #expect(queue.submit(next, now: t(300)) == [.queued(next)])
    }

    @Test("Every cancel that names a held announcement ends it cancelled", arguments: [
        CancelTarget.all, .speaking, .id(AnnouncementID("page")), .ids([AnnouncementID("page"), AnnouncementID("x")]),
        .region(RegionID("doc")),
    ])
    func everyCancelThatNamesAHeldAnnouncementEndsIt(target: CancelTarget) throws {
        let page = try Announcement(id: AnnouncementID("page"), text: "A long page", region: RegionID("doc"), arrival: t(0), client: reader)
        var queue = queueHolding(page)
        #expect(queue.cancel(target, now: t(200)) == [.end(page, .cancelled)])
        #expect(queue.isIdle)
    }

    @Test("A cancel that does not name the held announcement leaves it held")
    func aCancelThatDoesNotNameTheHeldOneLeavesIt() {
        let page = said("A long page", at: 0, from: reader)
        var queue = queueHolding(page)
        #expect(queue.cancel(.speakingAmong([AnnouncementID("other")]), now: t(200)).isEmpty)
        #expect(queue.held.count == 1)
    }

    @Test("A client's stop reaches its paused announcement put back to resume")
    func stopReachesAnAnnouncementWaitingToResume() {
        var queue = LiveRegionQueue()
        let page = said("A long page", at: 0, from: reader)
        let more = said("The next page", at: 1, from: reader)
        let error = said("Error", .assertive, at: 2, from: other)
        for item in [page, more] { _ = queue.submit(item, now: item.arrival) }
        _ = queue.pause(.client(reader), now: t(10))
        _ = queue.speechPaused(page.id, afterMark: nil, now: t(20))
        _ = queue.submit(error, now: t(30))
        _ = queue.resume(.client(reader), now: t(40)) // page waits behind error to resume
        #expect(queue.cancel(.speakingAmong([page.id, more.id]), now: t(50)) == [.end(page, .cancelled)])
        #expect(queue.waitingInSpeakingOrder == [more])
    }

    // MARK: - Time

    @Test("A paused client's polite announcements do not expire while it is paused, and set no timer")
    func pausedClientsAnnouncementsDoNotExpireWhilePaused() {
        var queue = LiveRegionQueue(policy: LiveRegionPolicy(politeTimeToLive: .seconds(1)))
        _ = queue.pause(.client(reader), now: t(0))
        _ = queue.submit(said("A line", at: 10, from: reader), now: t(10))
        #expect(queue.nextExpiry == nil)
        #expect(queue.nextDecisionTime == nil)
        #expect(queue.timePassed(now: t(60_000)).isEmpty)
        #expect(queue.waitingCount(.polite, of: reader) == 1)
    }

    @Test("A resumed client's time to live starts again from the resume")
    func timeToLiveRestartsAtResume() {
        var queue = LiveRegionQueue(policy: LiveRegionPolicy(politeTimeToLive: .seconds(1)))
        _ = queue.submit(said("busy", .assertive, at: 0, from: third), now: t(0))
        let line = said("A line", at: 10, from: reader)
        _ = queue.submit(line, now: t(10))
        _ = queue.pause(.client(reader), now: t(20))
        #expect(queue.resume(.client(reader), now: t(5_000)).isEmpty)
        #expect(queue.nextExpiry == t(6_000))
        #expect(queue.expire(now: t(5_999)).isEmpty)
        #expect(queue.expire(now: t(6_001)) == [.end(line, .expired)])
    }

    @Test("Other clients' announcements expire as usual while one client is paused")
    func othersExpireAsUsualWhileOneIsPaused() {
        var queue = LiveRegionQueue(policy: LiveRegionPolicy(politeTimeToLive: .seconds(1)))
        _ = queue.submit(said("busy", .assertive, at: 0, from: third), now: t(0))
        let mine = said("A line", at: 5, from: reader)
        let theirs = said("New mail", at: 10, from: other)
        for item in [mine, theirs] { _ = queue.submit(item, now: item.arrival) }
        _ = queue.pause(.client(reader), now: t(20))
        #expect(queue.nextExpiry == t(1_010))
        #expect(queue.expire(now: t(1_011)) == [.end(theirs, .expired)])
    }

    @Test("A paused client's assertive announcement never cuts by the hold limit, and sets no timer")
    func holdCutTimerIgnoresPausedClients() {
        var queue = LiveRegionQueue()
        let long = said("A very long error", .assertive, at: 0, from: other)
        _ = queue.submit(long, now: t(0))
        _ = queue.pause(.client(reader), now: t(1))
        _ = queue.submit(said("Error", .assertive, at: 10, from: reader), now: t(10))
        #expect(queue.nextHoldCut == nil)
        #expect(queue.timePassed(now: t(60_000)).isEmpty)
        #expect(queue.speaking?.id == long.id)
    }

    @Test("After a resume, the hold limit counts from the resume")
    func holdLimitCountsFromTheResume() {
        var queue = LiveRegionQueue()
        _ = queue.submit(said("A very long error", .assertive, at: 0, from: other), now: t(0))
        _ = queue.pause(.client(reader), now: t(1))
        _ = queue.submit(said("Error", .assertive, at: 10, from: reader), now: t(10))
        _ = queue.resume(.client(reader), now: t(8_000))
        #expect(queue.nextHoldCut == t(13_000))
    }

    // MARK: - Idle, idle-only and duplicates

    @Test("The queue is not idle while anything is held or waits for a paused client")
    func theQueueIsNotIdleWhileAnythingIsHeld() {
        let page = said("A long page", at: 0, from: reader)
        var queue = queueHolding(page)
        #expect(queue.speaking == nil)
        #expect(!queue.isIdle)
        _ = queue.resume(.client(reader), now: t(200))
        _ = queue.speechEnded(page.id, result: .completed, now: t(300))
        #expect(queue.isIdle)
    }

    @Test("An idle-only announcement of another client speaks while only a paused client's announcements wait")
    func idleOnlyAnnouncementSpeaksWhileOnlyAPausedClientWaits() {
        let page = said("A long page", at: 0, from: reader)
        var queue = queueHolding(page)
        var notification = said("New mail", at: 200, from: other)
        notification.conduct = .onlyWhenIdle
        #expect(queue.submit(notification, now: t(200)) == [.queued(notification), .start(notification)])
    }

    @Test("An idle-only announcement of a paused client is dropped, since it cannot be spoken now")
    func idleOnlyAnnouncementOfAPausedClientIsDropped() {
        var queue = LiveRegionQueue()
        _ = queue.pause(.client(reader), now: t(0))
        var notification = said("New mail", at: 10, from: reader)
        notification.conduct = .onlyWhenIdle
        guard case .end(notification, .dropped(let reason))? = queue.submit(notification, now: t(10)).first else {
            Issue.record("expected the notification to be dropped")
            return
        }
        #expect(reason.contains("paused"))
    }

    @Test("A held announcement resumed within the duplicate window is not a duplicate of itself")
    func aResumedAnnouncementIsNotADuplicateOfItself() {
        let page = said("A long page", at: 0, from: reader)
        var queue = queueHolding(page, at: 100)
        #expect(queue.resume(.client(reader), now: t(200)) == [.resume(page)])
        #expect(queue.speechEnded(page.id, result: .completed, now: t(300)) == [.end(page, .spoken)])
    }

    // MARK: - Exactly one outcome

    @Test("Every announcement ends exactly once with pauses, resumes, departures and floods mixed in, and none of a paused client starts")
    func everyAnnouncementEndsExactlyOnceWithPauses() {
        var queue = LiveRegionQueue(policy: LiveRegionPolicy(
            politeTimeToLive: .seconds(5), maxWaitingPolite: 20, assertiveRate: AssertiveRate(perSecond: 2, sustained: .seconds(2))
        ))
        var generator = SplitMix64(seed: 7)
        let clients = (1...3).map { ClientID($0) }
        // Two of the three are one program.
        queue.assign(clients[1], to: ShareID(rawValue: 50))
        queue.assign(clients[2], to: ShareID(rawValue: 50))
        var submitted: Set<AnnouncementID> = []
        var ended: [AnnouncementID: Int] = [:]
        var resumed = 0
        func tally(_ actions: [QueueAction]) {
            for action in actions {
                switch action {
                case let .end(announcement, _): ended[announcement.id, default: 0] += 1
                case let .start(announcement), let .resume(announcement):
                    #expect(!queue.isPaused(announcement.client), "\(announcement.id) of a paused client started")
                    if case .resume = action { resumed += 1 }
                default: break
                }
            }
        }
        func pick<T>(_ choices: [T]) -> T { choices[Int(generator.next() % UInt64(choices.count))] }
        var now: Int64 = 0
        for _ in 0..<5_000 {
            now += Int64(generator.next() % 400)
            let target: PauseTarget = generator.next() % 4 == 0 ? .all : .client(pick(clients))
            switch generator.next() % 13 {
            case 0...4:
                var item = announcement("text \(generator.next() % 30)", pick([.off, .polite, .polite, .assertive]),
                                        region: generator.next() % 3 == 0 ? "r\(generator.next() % 3)" : nil, at: now, from: pick(clients))
                item.conduct = pick(QueueConduct.allCases)
                submitted.insert(item.id)
                tally(queue.submit(item, now: t(now)))
            case 5:
                if let speaking = queue.speaking { tally(queue.speechEnded(speaking.id, result: .completed, now: t(now))) }
            case 6:
                if let speaking = queue.speaking {
                    tally(queue.speechPaused(speaking.id, afterMark: pick([nil, 0, 1]), now: t(now)))
                }
            case 7: tally(queue.pause(target, by: pick(clients), lastingAtMost: pick([nil, .seconds(2)]), now: t(now)))
            case 8: tally(queue.resume(target, now: t(now)))
            case 9: tally(queue.timePassed(now: t(now)))
            case 10:
                let named = queue.held.map(\.id) + queue.waitingInSpeakingOrder.map(\.id)
                if !named.isEmpty { tally(queue.cancel(.speakingAmong([pick(named)]), now: t(now))) }
            case 11:
                // A client goes away; the same number coming back stands for a reconnection.
                tally(queue.clientLeft(pick(clients), now: t(now)))
            default:
                tally(queue.cancel(.region(RegionID("r1")), now: t(now)))
            }
        }
        tally(queue.resume(.all, now: t(now)))
        while let speaking = queue.speaking {
            now += 100
            tally(queue.speechEnded(speaking.id, result: .completed, now: t(now)))
        }
        #expect(queue.isIdle)
        #expect(Set(ended.keys) == submitted)
        #expect(ended.values.allSatisfy { $0 == 1 })
        #expect(resumed > 50, "the run should pause and resume often")
    }
}
