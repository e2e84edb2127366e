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
