import Testing
@testable import AnnouncerCore

/// Programs share the voice, not connections: the clients of one program take one turn between them,
/// and what cannot speak never stands in the way of what can. Times chosen by hand.
@Suite struct SharingByProgramTests {
    /// The program with many connections, as the server would assign them (clients 1 to 200 at most).
    let flooding = ShareID(rawValue: 1)
    let other = ClientID(999)

    /// A queue in which clients 1 to `count` belong to the flooding program.
    func queueWithConnections(_ count: Int, policy: LiveRegionPolicy = LiveRegionPolicy()) -> (LiveRegionQueue, [ClientID]) {
        var queue = LiveRegionQueue(policy: policy)
        let clients = (1...count).map { ClientID($0) }
        for client in clients { queue.assign(client, to: flooding) }
        return (queue, clients)
    }

    /// Should give a program with 200 connections one turn, so another program's announcement follows
    /// the one speaking.
    @Test("Another program's announcement follows the one speaking, however many connections a flooding program has")
    func anotherProgramFollowsTheSpeakingOneDespiteManyConnections() {
        var (queue, clients) = queueWithConnections(200)
        for (index, client) in clients.enumerated() {
            for line in 0..<5 { _ = queue.submit(announcement("c\(index) l\(line)", .polite, at: Int64(line), from: client), now: t(Int64(line))) }
        }
        let mine = announcement("Saved", .polite, at: 10, from: other)
        _ = queue.submit(mine, now: t(10))
        let first = queue.speaking!
        #expect(queue.speechEnded(first.id, result: .completed, now: t(900)) == [.end(first, .spoken), .start(mine)])
        #expect(queue.waitingCount(.polite, ofShare: flooding) == 999)
    }

    /// Should let a program's clients take turns within its share, each in its own order.
    @Test("Within one program its clients take turns, each keeping its own order")
    func clientsOfOneProgramTakeTurnsWithinIt() {
        var (queue, clients) = queueWithConnections(2)
        let a = (1...2).map { announcement("a\($0)", .polite, at: Int64($0), from: clients[0]) }
        let b = (1...2).map { announcement("b\($0)", .polite, at: Int64(10 + $0), from: clients[1]) }
        for item in a + b { _ = queue.submit(item, now: item.arrival) }
        #expect(queue.speaking?.text == "a1")
        #expect(queue.waitingInSpeakingOrder.map(\.text) == ["b1", "a2", "b2"])
    }

    /// Should give the same connections a turn each when no one groups them: the difference sharing makes.
    @Test("Connections that were never grouped are programs of their own")
    func ungroupedConnectionsAreProgramsOfTheirOwn() {
        var queue = LiveRegionQueue()
        for client in 1...3 { _ = queue.submit(announcement("c\(client)", .polite, at: 0, from: ClientID(client)), now: t(0)) }
        let mine = announcement("Saved", .polite, at: 10, from: other)
        _ = queue.submit(mine, now: t(10))
        #expect(queue.waitingInSpeakingOrder.map(\.text) == ["c2", "c3", "Saved"])
        #expect(queue.share(of: ClientID(2)) == ShareID(ClientID(2)))
    }

    /// Should move a client's waiting announcements, in their order, when it turns out to belong to a program.
    @Test("A client grouped while its announcements wait takes them into its program's share, in order")
    func assigningMovesWaitingAnnouncementsInOrder() {
        var queue = LiveRegionQueue()
        _ = queue.submit(announcement("busy", .assertive, at: 0, from: ClientID(50)), now: t(0))
        for line in 1...3 { _ = queue.submit(announcement("late \(line)", .polite, at: Int64(line), from: ClientID(3)), now: t(Int64(line))) }
        _ = queue.submit(announcement("first", .polite, at: 5, from: ClientID(1)), now: t(5))
        queue.assign(ClientID(1), to: flooding)
        queue.assign(ClientID(3), to: flooding)
        #expect(queue.waitingCount(.polite, ofShare: flooding) == 4)
        _ = queue.submit(announcement("Saved", .polite, at: 20, from: other), now: t(20))
        #expect(queue.waitingInSpeakingOrder.map(\.text).filter { $0.hasPrefix("late") } == ["late 1", "late 2", "late 3"])
        #expect(queue.waitingInSpeakingOrder.count == 5)
    }

    /// Should hold a program to one bound on waiting polite announcements, dropping from its busiest client.
    @Test("Past a program's polite bound, the oldest of its client with the most waiting is dropped, not another client's")
    func programPoliteBoundDropsFromItsBusiestClient() {
        var (queue, clients) = queueWithConnections(2, policy: LiveRegionPolicy(maxWaitingPolitePerClient: 3))
        _ = queue.submit(announcement("busy", .assertive, at: 0, from: other), now: t(0))
        let quiet = announcement("status", .polite, at: 1, from: clients[0])
        _ = queue.submit(quiet, now: t(1))
        let flood = (0..<2).map { announcement("line \($0)", .polite, at: 2 + Int64($0), from: clients[1]) }
        for item in flood { _ = queue.submit(item, now: item.arrival) }
        let actions = queue.submit(announcement("line 2", .polite, at: 9, from: clients[1]), now: t(9))
        guard case let .end(dropped, .dropped(reason))? = actions.first else {
            Issue.record("expected a drop, got \(actions)")
            return
        }
        #expect(dropped.id == flood[0].id)
        #expect(reason.contains("3 polite announcements one program may have waiting"))
        #expect(queue.waitingCount(.polite, of: clients[0]) == 1)
        #expect(queue.waitingCount(.polite, ofShare: flooding) == 3)
    }

    /// Should refuse a program's newcomer past its assertive bound, whichever of its connections sent it.
    @Test("Past a program's assertive bound its newcomer is refused, whichever connection sent it, and another program's is not")
    func programAssertiveBoundCountsAllItsConnections() {
        var (queue, clients) = queueWithConnections(3, policy: LiveRegionPolicy(maxWaitingAssertivePerClient: 2))
        _ = queue.submit(announcement("busy", .assertive, at: 0, from: other), now: t(0))
        _ = queue.submit(announcement("e1", .assertive, at: 1, from: clients[0]), now: t(1))
        _ = queue.submit(announcement("e2", .assertive, at: 2, from: clients[1]), now: t(2))
        let refused = announcement("e3", .assertive, at: 3, from: clients[2])
        guard case .end(refused, .dropped(let reason))? = queue.submit(refused, now: t(3)).first else {
            Issue.record("expected the newcomer to be refused")
            return
        }
        #expect(reason.contains("its program already has 2 assertive announcements waiting"))
        let theirs = announcement("Error", .assertive, at: 4, from: ClientID(77))
        #expect(queue.submit(theirs, now: t(4)) == [.queued(theirs)])
    }

    // MARK: - What cannot speak does not count

    /// Should count toward the total only the assertive announcements that can speak.
    @Test("Waiting assertive announcements of a paused client do not count toward the total bound")
    func pausedClientsAssertiveDoNotCountTowardTheTotal() {
        var queue = LiveRegionQueue(policy: LiveRegionPolicy(maxWaitingAssertive: 3, assertiveRate: nil))
        _ = queue.submit(announcement("busy", .assertive, at: 0, from: ClientID(50)), now: t(0))
        _ = queue.pause(.client(ClientID(1)), now: t(1))
        for index in 0..<3 { _ = queue.submit(announcement("hoard \(index)", .assertive, at: 2, from: ClientID(1)), now: t(2)) }
        let mine = announcement("Error", .assertive, at: 5, from: other)
        #expect(queue.submit(mine, now: t(5)) == [.queued(mine)])
    }

    @Test("Waiting assertive announcements of a client that went away do not count toward the total bound")
    func departedClientsAssertiveDoNotCountTowardTheTotal() {
        var queue = LiveRegionQueue(policy: LiveRegionPolicy(maxWaitingAssertive: 3, assertiveRate: nil))
        _ = queue.submit(announcement("busy", .assertive, at: 0, from: ClientID(50)), now: t(0))
        for index in 0..<3 { _ = queue.submit(announcement("left \(index)", .assertive, at: 2, from: ClientID(1)), now: t(2)) }
        _ = queue.clientLeft(ClientID(1), now: t(3))
        let mine = announcement("Error", .assertive, at: 5, from: other)
        #expect(queue.submit(mine, now: t(5)) == [.queued(mine)])
        // Without the departure the bound holds.
        let another = announcement("Another", .assertive, at: 6, from: ClientID(60))
        _ = queue.submit(announcement("x", .assertive, at: 6, from: ClientID(61)), now: t(6))
        _ = queue.submit(announcement("y", .assertive, at: 6, from: ClientID(62)), now: t(6))
        guard case .end(another, .dropped)? = queue.submit(another, now: t(6)).first else {
            Issue.record("expected the total bound to hold for connected clients")
            return
        }
    }

    /// Should let a program's other clients speak while one of its clients is paused.
    @Test("A paused client does not hold back the other clients of its program")
    func aPausedClientDoesNotHoldBackItsProgram() {
        var (queue, clients) = queueWithConnections(2)
        _ = queue.submit(announcement("busy", .assertive, at: 0, from: other), now: t(0))
        _ = queue.submit(announcement("held back", .polite, at: 1, from: clients[0]), now: t(1))
        let free = announcement("goes on", .polite, at: 2, from: clients[1])
        _ = queue.submit(free, now: t(2))
        _ = queue.pause(.client(clients[0]), now: t(3))
        #expect(queue.speechEnded(queue.speaking!.id, result: .completed, now: t(10)).last == .start(free))
    }

    // MARK: - Leaving

    /// Should speak what a client left waiting when it was not paused, as spd-say's message is after it hangs up.
    @Test("A client that goes away unpaused leaves its waiting announcements to be spoken")
    func anUnpausedClientsAnnouncementsAreSpokenAfterItLeaves() {
        var queue = LiveRegionQueue()
        _ = queue.submit(announcement("busy", .assertive, at: 0, from: other), now: t(0))
        let line = announcement("Build finished", .polite, at: 1, from: ClientID(1))
        _ = queue.submit(line, now: t(1))
        #expect(queue.clientLeft(ClientID(1), now: t(2)).isEmpty)
        #expect(queue.departed == [ClientID(1)])
        #expect(queue.speechEnded(queue.speaking!.id, result: .completed, now: t(10)).last == .start(line))
    }

    /// Should forget a departed client once nothing of it is left, and its program's rate with it.
    @Test("A client that went away is forgotten once nothing of it remains")
    func aDepartedClientIsForgottenOnceNothingRemains() {
        var queue = LiveRegionQueue()
        queue.assign(ClientID(1), to: flooding)
        let line = announcement("Build finished", .assertive, at: 1, from: ClientID(1))
        _ = queue.submit(line, now: t(1))
        _ = queue.clientLeft(ClientID(1), now: t(2))
        _ = queue.speechEnded(line.id, result: .completed, now: t(500))
        _ = queue.clientLeft(ClientID(2), now: t(5_000))
        #expect(queue.departed.isEmpty)
        #expect(queue.shareOf.isEmpty)
        #expect(queue.assertiveAllowances.isEmpty)
    }
}
