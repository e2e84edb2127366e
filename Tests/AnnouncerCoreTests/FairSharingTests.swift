import Testing
@testable import AnnouncerCore

/// Clients take turns in the queue: a flooding client is shared fairly with the others, not refused.
@Suite struct FairSharingTests {
    let flooder = ClientID(1)
    let other = ClientID(2)
    let third = ClientID(3)

    @Test("Another client's polite announcement follows the one speaking, however many a flooding client has waiting")
    func otherClientFollowsTheSpeakingOneDespiteAFlood() {
        var queue = LiveRegionQueue()
        let flood = (0..<10_000).map { announcement("line \($0)", .polite, at: 0, from: flooder) }
        for item in flood { _ = queue.submit(item, now: t(0)) }
        let mine = announcement("Saved", .polite, at: 5, from: other)
        #expect(queue.submit(mine, now: t(5)) == [.queued(mine)])
        let next = queue.speechEnded(flood[0].id, result: .completed, now: t(900))
        #expect(next == [.end(flood[0], .spoken), .start(mine)])
        #expect(queue.waitingCount(.polite, of: flooder) == 9_999)
    }

    @Test("Clients take turns within a level, and each client's own announcements keep their order")
    func clientsTakeTurnsAndKeepTheirOwnOrder() {
        var queue = LiveRegionQueue()
        let a = (1...3).map { announcement("a\($0)", .polite, at: Int64($0), from: flooder) }
        let b = (1...2).map { announcement("b\($0)", .polite, at: Int64(10 + $0), from: other) }
        for item in a + b { _ = queue.submit(item, now: item.arrival) }
        #expect(queue.speaking?.id == a[0].id)
        #expect(queue.waitingInSpeakingOrder.map(\.text) == ["b1", "a2", "b2", "a3"])
        var heard = [a[0].text]
        for step in 0..<4 {
            let actions = queue.speechEnded(queue.speaking!.id, result: .completed, now: t(100 + Int64(step)))
            for case let .start(started) in actions { heard.append(started.text) }
        }
        #expect(heard == ["a1", "b1", "a2", "b2", "a3"])
    }

    @Test("A client that starts waiting joins the round before the client that spoke last, and after the others")
    func newcomerJoinsBeforeTheClientServedLast() {
        var queue = LiveRegionQueue()
        for index in 1...3 {
            _ = queue.submit(announcement("a\(index)", .polite, at: Int64(index), from: flooder), now: t(Int64(index)))
            _ = queue.submit(announcement("b\(index)", .polite, at: Int64(index), from: other), now: t(Int64(index)))
        }
        // a1 speaks; b1 is next, then a2.
        _ = queue.submit(announcement("c1", .polite, at: 10, from: third), now: t(10))
        #expect(queue.waitingInSpeakingOrder.map(\.text).prefix(3) == ["b1", "c1", "a2"])
    }

    @Test("Assertive announcements also take turns between clients")
    func assertiveAnnouncementsTakeTurnsBetweenClients() {
        var queue = LiveRegionQueue()
        // Ten: within the assertive rate, past which a flood is spoken as polite (AssertiveFloodTests).
        let burst = (0..<10).map { announcement("error \($0)", .assertive, at: 0, from: flooder) }
        for item in burst { _ = queue.submit(item, now: t(0)) }
        let mine = announcement("Error: wrong password", .assertive, at: 1, from: other)
        _ = queue.submit(mine, now: t(1))
        #expect(queue.speechEnded(burst[0].id, result: .completed, now: t(500)).contains(.start(mine)))
    }

    @Test("Past its own bound, a client's oldest waiting polite one is dropped, naming the bound, and no one else's")
    func clientBoundDropsItsOwnOldest() {
        var queue = LiveRegionQueue(policy: LiveRegionPolicy(maxWaitingPolitePerClient: 3))
        _ = queue.submit(announcement("busy", .assertive, at: 0, from: third), now: t(0))
        let others = announcement("Other client's status", .polite, at: 1, from: other)
        _ = queue.submit(others, now: t(1))
        let flood = (0..<3).map { announcement("line \($0)", .polite, at: 2 + Int64($0), from: flooder) }
        for item in flood { _ = queue.submit(item, now: item.arrival) }
        let newest = announcement("line 3", .polite, at: 9, from: flooder)
        let actions = queue.submit(newest, now: t(9))
        guard case let .end(dropped, .dropped(reason))? = actions.first else {
            Issue.record("expected the flooder's oldest to be dropped, got \(actions)")
            return
        }
        #expect(dropped.id == flood[0].id)
        #expect(reason.contains("3 polite announcements one program may have waiting"))
        #expect(queue.waitingCount(.polite, of: other) == 1)
        #expect(queue.waitingCount(.polite, of: flooder) == 3)
    }

    @Test("When every polite place is taken, the oldest of the client with the most waiting is dropped")
    func totalBoundDropsFromTheBusiestClient() {
        var queue = LiveRegionQueue(policy: LiveRegionPolicy(maxWaitingPolite: 4))
        _ = queue.submit(announcement("busy", .assertive, at: 0, from: third), now: t(0))
        let mine = announcement("mine", .polite, at: 1, from: other)
        _ = queue.submit(mine, now: t(1))
        let flood = (0..<3).map { announcement("line \($0)", .polite, at: 2 + Int64($0), from: flooder) }
        for item in flood { _ = queue.submit(item, now: item.arrival) }
        let late = announcement("late", .polite, at: 9, from: third)
        let actions = queue.submit(late, now: t(9))
        guard case let .end(dropped, .dropped(reason))? = actions.first else {
            Issue.record("expected a drop, got \(actions)")
            return
        }
        #expect(dropped.id == flood[0].id)
        #expect(reason.contains("All 4 places"))
        #expect(queue.waitingInSpeakingOrder.map(\.id).contains(mine.id))
        #expect(queue.waitingInSpeakingOrder.map(\.id).contains(late.id))
    }

    @Test("Assertive announcements are never dropped to make room for polite ones")
    func assertiveAreNeverDroppedToMakeRoom() {
        var queue = LiveRegionQueue(policy: LiveRegionPolicy(maxWaitingPolite: 2, maxWaitingPolitePerClient: 2))
        _ = queue.submit(announcement("speaking", .assertive, at: 0, from: flooder), now: t(0))
        let waitingError = announcement("Error", .assertive, at: 1, from: flooder)
        _ = queue.submit(waitingError, now: t(1))
        var ended: [Announcement] = []
        for index in 0..<10 {
            let actions = queue.submit(announcement("line \(index)", .polite, at: 2 + Int64(index), from: flooder), now: t(2 + Int64(index)))
            for case let .end(announcement, _) in actions { ended.append(announcement) }
        }
        #expect(ended.count == 8)
        #expect(ended.allSatisfy { $0.politeness == .polite })
        #expect(queue.waitingCount(.assertive) == 1)
    }

    @Test("A client past its assertive bound has its newcomer refused while another client's is accepted")
    func clientAssertiveBoundRefusesOnlyThatClient() {
        var queue = LiveRegionQueue(policy: LiveRegionPolicy(maxWaitingAssertivePerClient: 2))
        for index in 0..<3 { _ = queue.submit(announcement("error \(index)", .assertive, at: Int64(index), from: flooder), now: t(Int64(index))) }
        let refused = announcement("error 3", .assertive, at: 5, from: flooder)
        guard case .end(refused, .dropped(let reason))? = queue.submit(refused, now: t(5)).first else {
            Issue.record("expected the flooder's newcomer to be refused")
            return
        }
        #expect(reason.contains("its program already has 2 assertive announcements waiting"))
        let mine = announcement("Error: wrong password", .assertive, at: 6, from: other)
        #expect(queue.submit(mine, now: t(6)) == [.queued(mine)])
    }

    @Test("Expiry reaches every client's waiting polite announcements, oldest first")
    func expiryReachesEveryClient() {
        var queue = LiveRegionQueue(policy: LiveRegionPolicy(politeTimeToLive: .seconds(1)))
        _ = queue.submit(announcement("busy", .assertive, at: 0, from: third), now: t(0))
        let old = announcement("old", .polite, at: 10, from: other)
        let older = announcement("older", .polite, at: 5, from: flooder)
        let fresh = announcement("fresh", .polite, at: 900, from: flooder)
        for item in [older, old, fresh] { _ = queue.submit(item, now: item.arrival) }
        #expect(queue.nextExpiry == t(1_005))
        #expect(queue.expire(now: t(1_011)) == [.end(older, .expired), .end(old, .expired)])
        #expect(queue.waitingInSpeakingOrder.map(\.id) == [fresh.id])
    }

    @Test("Waiting counts are reported per client")
    func waitingCountsArePerClient() {
        var queue = LiveRegionQueue()
        _ = queue.submit(announcement("busy", .assertive, at: 0, from: third), now: t(0))
        for index in 0..<5 { _ = queue.submit(announcement("line \(index)", .polite, at: 1, from: flooder), now: t(1)) }
        _ = queue.submit(announcement("Error", .assertive, at: 2, from: other), now: t(2))
        let counts = queue.waitingByClient
        #expect(counts[flooder]?.polite == 5)
        #expect(counts[other]?.assertive == 1)
        #expect(counts[third] == nil)
    }
}
