import Testing
@testable import AnnouncerCore

/// A program that sends assertive announcements faster than 10 a second over 2 s floods: the excess is
/// spoken as polite, it is told once, and its flood never holds the voice against another program.
@Suite struct AssertiveFloodTests {
    let flooder = ClientID(1)
    let other = ClientID(2)
    let reason = "It was spoken as polite: its program sent assertive announcements faster than 10 a second for 2 s, so they are spoken as polite until it slows down."

    func error(_ index: Int, at milliseconds: Int64, from client: ClientID? = nil) -> Announcement {
        announcement("error \(index)", .assertive, at: milliseconds, from: client ?? flooder)
    }

    func demoted(_ item: Announcement) -> Announcement {
        var item = item
        item.politeness = .polite
        return item
    }

    /// Should keep a burst of 20 and then 10 a second assertive: the rate is not a flood.
    @Test("Twenty at once, then ten a second, stay assertive")
    func withinTheRateAssertiveStaysAssertive() {
        var queue = LiveRegionQueue()
        for index in 0..<20 { _ = queue.submit(error(index, at: 0), now: t(0)) }
        for index in 20..<60 {
            let item = error(index, at: Int64((index - 19) * 100))
            #expect(queue.submit(item, now: item.arrival) == [.queued(item)])
        }
        #expect(queue.waitingCount(.assertive) == 59)
    }

    /// Should speak the one past the rate as polite, and say why once, to the client and the server.
    @Test("The first past the rate is spoken as polite and told once; the next ones quietly")
    func pastTheRateTheExcessIsPoliteAndToldOnce() {
        var queue = LiveRegionQueue()
        // The first speaks at once and counts for nothing; the twenty after it take the burst.
        for index in 0..<21 { _ = queue.submit(error(index, at: 0), now: t(0)) }
        let over = error(21, at: 1)
        #expect(queue.submit(over, now: t(1)) == [
            .warn(demoted(over), reason), .notice(.assertiveFloodBegan(ShareID(flooder), client: flooder, rate: .standard)),
            .queued(demoted(over)),
        ])
        let next = error(22, at: 2)
        #expect(queue.submit(next, now: t(2)) == [.queued(demoted(next))])
    }

    /// Should stop the flood's assertive ones, waiting and speaking, from holding the voice.
    @Test("When a flood begins, its waiting and speaking assertive ones become polite, and another program's assertive cuts in at once")
    func aFloodsWaitingAndSpeakingAssertiveBecomePolite() {
        var queue = LiveRegionQueue()
        let burst = (0..<22).map { error($0, at: 0) }
        for item in burst { _ = queue.submit(item, now: t(0)) }
        #expect(queue.waitingCount(.assertive) == 0)
        #expect(queue.waitingCount(.polite) == 21)
        #expect(queue.speaking?.politeness == .polite)
        // Their order is kept: the oldest of them is next.
        #expect(queue.waitingInSpeakingOrder.first?.id == burst[1].id)
        let mine = error(99, at: 5, from: other)
        #expect(queue.submit(mine, now: t(5)) == [.queued(mine), .stop(burst[0].id), .end(demoted(burst[0]), .interrupted(by: mine.id)), .start(mine)])
    }

    /// Should end the flood once the program has sent slower than its rate for long enough and nothing of it waits.
    @Test("Once the program has earned its whole burst back and nothing of it waits, its assertive ones are assertive again")
    func theFloodEndsWhenTheProgramSlowsDown() {
        var queue = LiveRegionQueue()
        for index in 0..<25 { _ = queue.submit(error(index, at: 0), now: t(0)) }
        let early = error(30, at: 1_000)
        #expect(queue.submit(early, now: t(1_000)) == [.queued(demoted(early))])
        // Its burst is back by 3.2 s, but what it flooded still waits: still a flood.
        let waits = error(31, at: 3_200)
        #expect(queue.submit(waits, now: t(3_200)) == [.queued(demoted(waits))])
        _ = queue.cancel(.client(flooder), now: t(3_300))
        let later = error(32, at: 5_400)
        #expect(queue.submit(later, now: t(5_400)) == [.queued(later), .start(later)])
    }

    /// Should keep a runaway that starts `spd-say` in waves one flood, as long as what it flooded waits.
    @Test("Waves with pauses between them stay one flood while the flood's announcements wait")
    func wavesStayOneFlood() {
        var queue = LiveRegionQueue()
        var assertive = 0
        var now: Int64 = 0
        for wave in 0..<5 {
            for index in 0..<50 {
                let item = error(wave * 100 + index, at: now)
                for case let .queued(queued) in queue.submit(item, now: t(now)) where queued.politeness == .assertive { assertive += 1 }
                now += 5
            }
            now += 4_000
        }
        // The first (it finds nothing waiting), the twenty of the burst, and the one token the first wave's
        // 100 ms earned back at ten a second: once, not again in any later wave.
        #expect(assertive == 22, "the first, the burst of twenty and one earned back, once")
    }

    /// Should not let a steady flood slip ten a second through as assertive.
    @Test("A steady flood just over the rate stays polite for as long as it lasts")
    func aSteadyFloodJustOverTheRateStaysPolite() {
        var queue = LiveRegionQueue()
        for index in 0..<30 { _ = queue.submit(error(index, at: 0), now: t(0)) }
        var assertive = 0
        for index in 1...110 {
            let item = error(100 + index, at: Int64(index) * 90)
            for case let .queued(queued) in queue.submit(item, now: item.arrival) where queued.politeness == .assertive { assertive += 1 }
        }
        #expect(assertive == 0)
    }

    /// Should judge each program by its own rate.
    @Test("One program's flood leaves another program's assertive announcements assertive")
    func oneProgramsFloodLeavesAnothersAlone() {
        var queue = LiveRegionQueue()
        for index in 0..<40 { _ = queue.submit(error(index, at: 0), now: t(0)) }
        let mine = error(99, at: 1, from: other)
        #expect(queue.submit(mine, now: t(1)).contains(.start(mine)))
    }

    /// Should count the connections of one program together.
    @Test("Connections of one program flood together")
    func connectionsOfOneProgramFloodTogether() {
        var queue = LiveRegionQueue()
        let program = ShareID(rawValue: 500)
        for client in 1...22 { queue.assign(ClientID(client), to: program) }
        var demotions = 0
        for client in 1...22 {
            for case let .queued(queued) in queue.submit(error(client, at: 0, from: ClientID(client)), now: t(0)) where queued.politeness == .polite {
                demotions += 1
            }
        }
        #expect(demotions == 1)
    }

    /// Should not count an assertive announcement that finds none of its program's waiting or speaking:
    /// it stands in no one's way, as `announce bench`'s rounds, each heard before the next, do not.
    @Test("Assertive announcements each heard before the next never flood, however fast they follow")
    func oneAtATimeNeverFloods() {
        var queue = LiveRegionQueue()
        for index in 0..<100 {
            let item = error(index, at: Int64(index) * 10)
            #expect(queue.submit(item, now: item.arrival) == [.queued(item), .start(item)])
            _ = queue.speechEnded(item.id, result: .completed, now: item.arrival + .milliseconds(5))
        }
    }

    @Test("Without a rate, no flood is recognized")
    func withoutARateNothingIsDemoted() {
        var queue = LiveRegionQueue(policy: LiveRegionPolicy(assertiveRate: nil))
        for index in 0..<100 { _ = queue.submit(error(index, at: 0), now: t(0)) }
        #expect(queue.waitingCount(.assertive) == 99)
    }

    /// Should keep a pause asked of the speaking announcement when a flood makes it polite.
    @Test("A flood that makes the speaking one polite keeps a pause asked of it")
    func demotingWhatSpeaksKeepsItsPause() {
        var queue = LiveRegionQueue()
        let first = error(0, at: 0)
        _ = queue.submit(first, now: t(0))
        _ = queue.pause(.client(flooder), now: t(1))
        for index in 1...21 { _ = queue.submit(error(index, at: 2), now: t(2)) }
        #expect(queue.speaking?.politeness == .polite)
        #expect(queue.pause(.client(flooder), now: t(3)).isEmpty, "the speaker was asked to pause it already")
        #expect(queue.speechPaused(first.id, afterMark: nil, now: t(4)).first == .paused(demoted(first)))
    }
}
