import Testing
@testable import AnnouncerCore

/// The lane's own rules that the queue's tests cannot reach one by one: putting an id first, and
/// leaving some clients out of a turn.
@Suite struct FairLaneTests {
    let one = ClientID(1)
    let two = ClientID(2)
    let three = ClientID(3)

    private func id(_ raw: String) -> AnnouncementID { AnnouncementID(raw) }
    private func ids(_ raws: String...) -> [AnnouncementID] { raws.map { AnnouncementID($0) } }

    @Test("An id put first goes ahead of its client's other waiting ids, and the client keeps its turn")
    func putFirstGoesAheadOfTheClientsLineAndKeepsItsTurn() {
        var lane = FairLane()
        // two was served last, so one's turn comes first.
        lane.append(id("b0"), from: two)
        #expect(lane.next() == id("b0"))
        lane.tookTurn(two)
        lane.remove(id("b0"))
        lane.append(id("a1"), from: one)
        lane.append(id("b1"), from: two)
        lane.append(id("a2"), from: one)
        lane.putFirst(id("a0"), from: one)
        #expect(lane.inTurnOrder() == ids("a0", "b1", "a1", "a2"))
        #expect(lane.waitingCount(of: one) == 3)
        #expect(lane.next() == id("a0"))
    }

    @Test("An id put first for a client with nothing waiting joins the round before the client served last")
    func putFirstForAClientWithNoLineJoinsLikeANewcomer() {
        var lane = FairLane()
        for index in 1...2 {
            lane.append(id("a\(index)"), from: one)
            lane.append(id("b\(index)"), from: two)
        }
        #expect(lane.next() == id("a1"))
        lane.tookTurn(one)
        lane.remove(id("a1"))
        lane.putFirst(id("c0"), from: three)
        #expect(lane.inTurnOrder() == ids("b1", "c0", "a2", "b2"))
    }

    @Test("An id put first and then removed leaves no trace in its client's line")
    func putFirstThenRemovedLeavesTheLineAsItWas() {
        var lane = FairLane()
        lane.append(id("a1"), from: one)
        lane.putFirst(id("a0"), from: one)
        lane.remove(id("a0"))
        #expect(lane.next() == id("a1"))
        #expect(lane.count == 1)
        #expect(lane.earliestFront(where: { _ in true }, since: { _ in nil })?.id == id("a1"))
    }

    @Test("Clients left out of a turn keep their places and their turns")
    func clientsLeftOutKeepTheirPlacesAndTurns() {
        var lane = FairLane()
        lane.append(id("a1"), from: one)
        lane.append(id("b1"), from: two)
        lane.append(id("a2"), from: one)
        #expect(lane.next { $0 != one } == id("b1"))
        #expect(lane.inTurnOrder { $0 != one } == ids("b1"))
        #expect(lane.next() == id("a1"))
        #expect(lane.inTurnOrder() == ids("a1", "b1", "a2"))
    }

    @Test("The earliest front is the one that began to wait first, counting a resume, among the clients let in")
    func earliestFrontCountsResumes() {
        var lane = FairLane()
        let at = { (milliseconds: UInt64) in MonotonicInstant(microseconds: milliseconds * 1_000) }
        lane.append(id("b1"), from: two, arrival: at(5))
        lane.append(id("a1"), from: one, arrival: at(10))
        lane.append(id("c1"), from: three, arrival: at(20))
        lane.append(id("b2"), from: two, arrival: at(30))
        lane.remove(id("b1"))
        #expect(lane.earliestFront(where: { _ in true }, since: { _ in nil })?.id == id("a1"))
        #expect(lane.earliestFront(where: { $0 != one }, since: { _ in nil })?.id == id("c1"))
        // Client one was resumed at 25: it waits from then.
        let found = lane.earliestFront(where: { _ in true }, since: { $0 == one ? at(25) : nil })
        #expect(found?.id == id("c1") && found?.since == at(20))
    }

    @Test("Shares take turns, and within a share its clients, each in order")
    func sharesTakeTurnsThenTheirClients() {
        var lane = FairLane()
        let program = ShareID(rawValue: 1)
        lane.append(id("a1"), from: one, share: program)
        lane.append(id("a2"), from: one, share: program)
        lane.append(id("b1"), from: two, share: program)
        lane.append(id("c1"), from: three)
        lane.append(id("c2"), from: three)
        #expect(lane.inTurnOrder() == ids("a1", "c1", "b1", "c2", "a2"))
        #expect(lane.waitingCount(ofShare: program) == 3)
        #expect(lane.busiestClient(inShare: program) == one)
    }
}

/// The lane's indexes against a walk over every line, through thousands of random changes: the turns
/// and the timers must find exactly what a look at every client finds.
@Suite struct FairLaneIndexTests {
    @Test("The indexed next turn, earliest front and busiest client equal a walk over every line, through random changes", arguments: [1, 2] as [UInt64])
    func indexesAgreeWithAWalkOverEveryLine(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var lane = FairLane()
        var live: [(id: AnnouncementID, client: ClientID)] = []
        var paused: Set<ClientID> = []
        var resumed: [ClientID: MonotonicInstant] = [:]
        var clock: UInt64 = 1_000
        for step in 0..<2_000 {
            clock += UInt64.random(in: 0...3, using: &random)
            let client = ClientID(Int.random(in: 1...40, using: &random))
            // Most clients keep their program; a few are found to belong to another.
            let share = ShareID(rawValue: Int.random(in: 0..<10, using: &random) == 0 ? 900 : 100 + client.rawValue % 4)
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<40:
                let id = AnnouncementID("s\(step)")
                lane.append(id, from: client, share: share, arrival: MonotonicInstant(microseconds: clock))
                live.append((id, client))
            case 40..<45:
                let id = AnnouncementID("s\(step)")
                lane.putFirst(id, from: client, share: share, arrival: MonotonicInstant(microseconds: clock - 500))
                live.append((id, client))
            case 45..<60:
                guard !live.isEmpty else { continue }
                let gone = live.remove(at: Int.random(in: 0..<live.count, using: &random))
                let removed = lane.remove(gone.id)
                #expect(removed)
            case 60..<85:
                guard let id = lane.next(where: { !paused.contains($0) }), let index = live.firstIndex(where: { $0.id == id }) else { continue }
                #expect(!paused.contains(live[index].client))
                lane.tookTurn(live[index].client)
                lane.remove(id)
                live.remove(at: index)
            case 85..<90:
                lane.move(client, to: share)
            case 90..<95:
                if paused.contains(client) {
                    paused.remove(client)
                    resumed[client] = MonotonicInstant(microseconds: clock)
                } else {
                    paused.insert(client)
                }
            default:
                resumed[client] = nil
            }
            #expect(lane.indexesAreWhole, "step \(step), seed \(seed)")
            #expect(lane.count == live.count)
            let include = { (client: ClientID) in !paused.contains(client) }
            let since = { (client: ClientID) in resumed[client] }
            let indexed = lane.earliestFront(where: include, since: since)
            let walked = lane.walkForEarliestFront(where: include, since: since)
            #expect(indexed?.id == walked?.id && indexed?.since == walked?.since, "step \(step), seed \(seed)")
            for share in lane.shares {
                var first = lane
                var second = lane
                let indexedTurn = first.nextInShare(share, where: include)
                let walkedTurn = second.walkForNextInShare(share, where: include)
                #expect(indexedTurn == walkedTurn, "step \(step), seed \(seed)")
                #expect(lane.busiestClient(inShare: share) == lane.walkForBusiestClient(inShare: share), "step \(step), seed \(seed)")
            }
        }
        #expect(lane.count > 0)
    }
}
