import DequeModule

/// One politeness level's waiting announcements: first in, first out within each client, and the
/// clients in turn, so a client with thousands waiting delays another only by its own turn.
///
/// A client that starts waiting joins the round just before the client served last, so while one
/// client floods, another's next announcement follows the utterance that is speaking. Clients with
/// equal turns go in the order their oldest announcements arrived. Removal from the middle is
/// lazy: an entry whose id left the lane, or was used again, is skipped when it reaches the front.
struct FairLane: Sendable {
    /// Each waiting id with its client and the number of the submission that put it here.
    private var members: [AnnouncementID: Member] = [:]
    private var lines: [ClientID: ClientLine] = [:]
    private var nextNumber: UInt64 = 0
    /// Turns are even numbers; a client joining the round takes the odd one before the last turn.
    private var lastTurn: UInt64 = 2
    /// The client that had the last turn, which goes after a newcomer even if its line emptied meanwhile.
    private var lastServed: ClientID?

    private struct Member: Sendable {
        var client: ClientID
        var number: UInt64
    }

    private struct Entry: Sendable {
        var id: AnnouncementID
        var number: UInt64
    }

    private struct ClientLine: Sendable {
        var entries: Deque<Entry> = []
        var waiting = 0
        var turn: UInt64
    }

    /// How many announcements wait in this lane.
    var count: Int { members.count }

    var isEmpty: Bool { members.isEmpty }

    func contains(_ id: AnnouncementID) -> Bool { members[id] != nil }

    /// How many of `client`'s announcements wait in this lane.
    func waitingCount(of client: ClientID) -> Int { lines[client]?.waiting ?? 0 }

    /// Every client with announcements waiting here, and how many.
    var waitingByClient: [ClientID: Int] { lines.mapValues(\.waiting) }

    mutating func append(_ id: AnnouncementID, from client: ClientID) {
        join(id, from: client, atFront: false)
    }

    /// Puts `id` at the front of `client`'s line, ahead of the client's other waiting announcements:
    /// for one that stopped for a pause and goes on where it left off. A client with no line joins the
    /// round as it would with `append`; one with a line keeps its turn. Among clients whose turns are
    /// equal, it counts as just submitted.
    mutating func putFirst(_ id: AnnouncementID, from client: ClientID) {
        join(id, from: client, atFront: true)
    }

    private mutating func join(_ id: AnnouncementID, from client: ClientID, atFront: Bool) {
        nextNumber += 1
        members[id] = Member(client: client, number: nextNumber)
        let joiningTurn = client == lastServed ? lastTurn : lastTurn - 1
        let entry = Entry(id: id, number: nextNumber)
        // Mutated in place through the dictionary, so the line's deque is never copied.
        if atFront {
            lines[client, default: ClientLine(turn: joiningTurn)].entries.prepend(entry)
        } else {
            lines[client, default: ClientLine(turn: joiningTurn)].entries.append(entry)
        }
        lines[client, default: ClientLine(turn: joiningTurn)].waiting += 1
    }

    /// Takes `id` out of the lane wherever it waits; false when it was not here.
    @discardableResult
    mutating func remove(_ id: AnnouncementID) -> Bool {
        guard let member = members.removeValue(forKey: id), lines[member.client] != nil else { return false }
        // Mutated in place through the dictionary, so the line's deque is never copied.
        lines[member.client]!.waiting -= 1
        guard let line = lines[member.client], line.waiting > 0 else {
            lines[member.client] = nil
            return true
        }
        if line.entries.count > 64, line.entries.count > 2 * line.waiting {
            lines[member.client]!.entries = Deque(line.entries.filter(isLive))
        }
        return true
    }

    /// The announcement whose turn is next among the clients `include` accepts: the oldest of the
    /// client that waited longest for a turn. The others keep their places and their turns.
    mutating func next(where include: (ClientID) -> Bool = { _ in true }) -> AnnouncementID? {
        var best: (client: ClientID, turn: UInt64, entry: Entry)?
        for client in Array(lines.keys) where include(client) {
            guard let entry = front(of: client), let turn = lines[client]?.turn else { continue }
            if let current = best, (current.turn, current.entry.number) <= (turn, entry.number) { continue }
            best = (client, turn, entry)
        }
        return best?.entry.id
    }

    /// `client` has just had its turn: it goes to the end of the round.
    mutating func tookTurn(_ client: ClientID) {
        lastTurn += 2
        lastServed = client
        lines[client]?.turn = lastTurn
    }

    /// The oldest waiting announcement of `client`.
    mutating func oldest(of client: ClientID) -> AnnouncementID? { front(of: client)?.id }

    /// The first waiting announcement of each client `include` accepts, the oldest first; stale
    /// entries ahead of them are discarded.
    mutating func fronts(where include: (ClientID) -> Bool = { _ in true }) -> [AnnouncementID] {
        var found: [Entry] = []
        for client in Array(lines.keys) where include(client) {
            if let entry = front(of: client) { found.append(entry) }
        }
        return found.sorted { $0.number < $1.number }.map(\.id)
    }

    /// The same as `fronts(where:)`, found without changing the lane: for the scheduler's timers,
    /// which ask after every decision.
    func frontsWithoutPruning(where include: (ClientID) -> Bool = { _ in true }) -> [AnnouncementID] {
        var found: [Entry] = []
        for (client, line) in lines where include(client) {
            if let entry = line.entries.first(where: isLive) { found.append(entry) }
        }
        return found.sorted { $0.number < $1.number }.map(\.id)
    }

    /// The client with the most announcements waiting here; on a tie, the lowest number.
    var busiestClient: ClientID? {
        lines.max { ($0.value.waiting, $1.key) < ($1.value.waiting, $0.key) }?.key
    }

    /// The waiting ids of the clients `include` accepts, in the order they would be spoken if
    /// nothing else arrived.
    func inTurnOrder(where include: (ClientID) -> Bool = { _ in true }) -> [AnnouncementID] {
        var copy = self
        var order: [AnnouncementID] = []
        order.reserveCapacity(count)
        while let id = copy.next(where: include), let client = copy.members[id]?.client {
            order.append(id)
            copy.tookTurn(client)
            copy.remove(id)
        }
        return order
    }

    /// The first live entry of a client's line, discarding stale entries ahead of it.
    private mutating func front(of client: ClientID) -> Entry? {
        while let entry = lines[client]?.entries.first {
            if isLive(entry) { return entry }
            lines[client]!.entries.removeFirst()
        }
        return nil
    }

    private func isLive(_ entry: Entry) -> Bool { members[entry.id]?.number == entry.number }
}
