import DequeModule

/// One politeness level's waiting announcements: first in, first out within each client, the clients
/// of a share in turn within it, and the shares in turn, so a program with thousands waiting over
/// hundreds of connections delays another program only by its own turn.
///
/// A share (or a client within its share) that starts waiting joins the round just before the one
/// served last, so while one floods, another's next announcement follows the utterance that is
/// speaking. Equal turns go in the order of the oldest announcements. Removal from the middle is
/// lazy: an entry whose id left the lane, or was used again, is skipped when it reaches the front.
struct FairLane: Sendable {
    /// Each waiting id with its client and the number of the submission that put it here.
    private var members: [AnnouncementID: Member] = [:]
    private var lines: [ClientID: ClientLine] = [:]
    private var rounds: [ShareID: ShareRound] = [:]
    private var nextNumber: UInt64 = 0
    /// Turns are even numbers; a share joining the round takes the odd one before the last turn.
    private var lastTurn: UInt64 = 2
    /// The share that had the last turn, which goes after a newcomer even if it emptied meanwhile.
    private var lastServed: ShareID?
    /// The client that had the last turn, which goes after a newcomer of its share even if that share
    /// emptied meanwhile.
    private var lastServedClient: ClientID?
    /// Each line's first entry by when it arrived, for the timers (`earliestFront`). With thousands of
    /// clients waiting (a wave of `spd-say` processes, each gone, each with one message), a walk over
    /// every line at each decision kept another program's assertive announcement waiting for a quarter
    /// of a second. An entry is stale once its line's first entry is another; see `LazyMinHeap`.
    private var frontsByArrival = LazyMinHeap<FrontKey>()
    /// How many entries a search of an index looks at before it walks every line instead: past this,
    /// paused clients or stale entries crowd the index's front, and the walk is the cheaper.
    private static let searchLimit = 64

    private struct Member: Sendable {
        var client: ClientID
        var number: UInt64
    }

    struct Entry: Sendable, Equatable {
        var id: AnnouncementID
        var number: UInt64
        /// When the announcement arrived, so the timers need not look it up.
        var arrival: MonotonicInstant
    }

    private struct ClientLine: Sendable {
        var share: ShareID
        var entries: Deque<Entry> = []
        var waiting = 0
        /// The client's turn within its share, numbered as the lane numbers the shares' turns.
        var turn: UInt64
    }

    /// A line's first entry, by when it arrived; on a tie, the first submitted.
    private struct FrontKey: Comparable, Sendable {
        var arrival: MonotonicInstant
        var number: UInt64
        var client: ClientID

        static func < (lhs: Self, rhs: Self) -> Bool { (lhs.arrival, lhs.number) < (rhs.arrival, rhs.number) }
    }

    /// A client's turn within its share, with its line's first entry; on a tie, the first submitted.
    private struct TurnKey: Comparable, Sendable {
        var turn: UInt64
        var number: UInt64
        var client: ClientID

        static func < (lhs: Self, rhs: Self) -> Bool { (lhs.turn, lhs.number) < (rhs.turn, rhs.number) }
    }

    /// A client's number of waiting announcements: the most first; on a tie, the lowest client number.
    private struct LoadKey: Comparable, Sendable {
        var waiting: Int
        var client: ClientID

        static func < (lhs: Self, rhs: Self) -> Bool { (rhs.waiting, lhs.client) < (lhs.waiting, rhs.client) }
    }

    /// The clients of one share with announcements here, and the share's own round of them.
    private struct ShareRound: Sendable {
        var turn: UInt64
        var clients: Set<ClientID> = []
        var waiting = 0
        var lastTurn: UInt64 = 2
        var lastServed: ClientID?
        /// The clients' turns, so the next is found without a walk over thousands of clients; an entry
        /// is stale once its client's turn, share or first entry changed.
        var clientsInTurn = LazyMinHeap<TurnKey>()
        /// The clients by how many they have waiting, so the busiest is found without a walk when a
        /// program at its bound drops one; an entry is stale once its client's count or share changed.
        var clientsByLoad = LazyMinHeap<LoadKey>()

        init(turn: UInt64, lastServed: ClientID?) {
            self.turn = turn
            self.lastServed = lastServed
        }

        /// The turn a client of this share takes when it starts waiting.
        func joiningTurn(of client: ClientID) -> UInt64 { client == lastServed ? lastTurn : lastTurn - 1 }
    }

    /// How many announcements wait in this lane.
    var count: Int { members.count }

    var isEmpty: Bool { members.isEmpty }

    func contains(_ id: AnnouncementID) -> Bool { members[id] != nil }

    /// How many of `client`'s announcements wait in this lane.
    func waitingCount(of client: ClientID) -> Int { lines[client]?.waiting ?? 0 }

    /// How many announcements of `share`'s clients wait in this lane.
    func waitingCount(ofShare share: ShareID) -> Int { rounds[share]?.waiting ?? 0 }

    /// The share `client`'s waiting announcements take turns in, if it has any here.
    func share(of client: ClientID) -> ShareID? { lines[client]?.share }

    /// Every client with announcements waiting here, and how many.
    var waitingByClient: [ClientID: Int] { lines.mapValues(\.waiting) }

    /// Adds `id`, which arrived at `arrival`, at the end of `client`'s line; `share` nil makes the
    /// client a share of its own.
    mutating func append(_ id: AnnouncementID, from client: ClientID, share: ShareID? = nil, arrival: MonotonicInstant = .init(microseconds: 0)) {
        join(id, from: client, share: share ?? ShareID(client), arrival: arrival, atFront: false)
    }

    /// Puts `id` at the front of `client`'s line, ahead of the client's other waiting announcements:
    /// for one that stopped for a pause and goes on where it left off. A client with no line joins the
    /// round as it would with `append`; one with a line keeps its turn. Among clients whose turns are
    /// equal, it counts as just submitted.
    mutating func putFirst(_ id: AnnouncementID, from client: ClientID, share: ShareID? = nil, arrival: MonotonicInstant = .init(microseconds: 0)) {
        join(id, from: client, share: share ?? ShareID(client), arrival: arrival, atFront: true)
    }

    private mutating func join(_ id: AnnouncementID, from client: ClientID, share: ShareID, arrival: MonotonicInstant, atFront: Bool) {
        nextNumber += 1
        members[id] = Member(client: client, number: nextNumber)
        if let line = lines[client], line.share != share { move(client, to: share) }
        let newLine = lines[client] == nil
        if newLine {
            if rounds[share] == nil { rounds[share] = newRound(for: share) }
            lines[client] = ClientLine(share: share, turn: rounds[share]!.joiningTurn(of: client))
            rounds[share]!.clients.insert(client)
        }
        let entry = Entry(id: id, number: nextNumber, arrival: arrival)
        // Mutated in place through the dictionary, so the line's deque is never copied.
        if atFront {
            lines[client]!.entries.prepend(entry)
        } else {
            lines[client]!.entries.append(entry)
        }
        lines[client]!.waiting += 1
        rounds[share]!.waiting += 1
        index(client, byArrival: newLine || atFront, byTurn: newLine || atFront, byLoad: true)
        tidyIndexes(of: share)
    }

    /// Moves `client`'s waiting announcements to `share`, which it joins as a newcomer: for clients
    /// found to belong to one program after they began to wait.
    mutating func move(_ client: ClientID, to share: ShareID) {
        guard var line = lines[client], line.share != share else { return }
        leaveRound(client, of: line.share, taking: line.waiting)
        if rounds[share] == nil { rounds[share] = newRound(for: share) }
        line.share = share
        line.turn = rounds[share]!.joiningTurn(of: client)
        rounds[share]!.clients.insert(client)
        rounds[share]!.waiting += line.waiting
        lines[client] = line
        index(client, byArrival: false, byTurn: true, byLoad: true)
    }

    /// Takes `id` out of the lane wherever it waits; false when it was not here.
    @discardableResult
    mutating func remove(_ id: AnnouncementID) -> Bool {
        guard let member = members.removeValue(forKey: id), let share = lines[member.client]?.share else { return false }
        defer { tidyIndexes(of: share) }
        let firstBefore = lines[member.client]?.entries.first?.number
        // Mutated in place through the dictionary, so the line's deque is never copied.
        lines[member.client]!.waiting -= 1
        rounds[share]?.waiting -= 1
        guard let line = lines[member.client], line.waiting > 0 else {
            lines[member.client] = nil
            leaveRound(member.client, of: share, taking: 0)
            return true
        }
        if line.entries.count > 64, line.entries.count > 2 * line.waiting {
            lines[member.client]!.entries = Deque(line.entries.filter(isLive))
        } else {
            // Most removals are of a line's oldest (its turn, or a drop to make room): the stale entries
            // they leave at the front go now, so a look at the fronts never walks past them.
            while let first = lines[member.client]!.entries.first, !isLive(first) { lines[member.client]!.entries.removeFirst() }
        }
        let frontChanged = lines[member.client]?.entries.first?.number != firstBefore
        index(member.client, byArrival: frontChanged, byTurn: frontChanged, byLoad: true)
        return true
    }

    /// The round of a share that starts waiting: it joins the lane's round just before the share served
    /// last, and within it the client served last goes after the others.
    private func newRound(for share: ShareID) -> ShareRound {
        ShareRound(turn: share == lastServed ? lastTurn : lastTurn - 1, lastServed: share == lastServed ? lastServedClient : nil)
    }

    private mutating func leaveRound(_ client: ClientID, of share: ShareID, taking waiting: Int) {
        rounds[share]?.clients.remove(client)
        rounds[share]?.waiting -= waiting
        if rounds[share]?.clients.isEmpty == true { rounds[share] = nil }
    }

    /// The announcement whose turn is next among the clients `include` accepts: in the share that
    /// waited longest for a turn, the oldest of its client that waited longest for one. The others
    /// keep their places and their turns.
    mutating func next(where include: (ClientID) -> Bool = { _ in true }) -> AnnouncementID? {
        var best: (turn: UInt64, entry: Entry)?
        for share in Array(rounds.keys) {
            guard let shareTurn = rounds[share]?.turn, let entry = nextInShare(share, where: include) else { continue }
            if let current = best, (current.turn, current.entry.number) <= (shareTurn, entry.number) { continue }
            best = (shareTurn, entry)
        }
        return best?.entry.id
    }

    /// The oldest entry of the client of `share` whose turn is next among those `include` accepts.
    mutating func nextInShare(_ share: ShareID, where include: (ClientID) -> Bool) -> Entry? {
        guard let round = rounds[share] else { return nil }
        let lines = self.lines
        let search = round.clientsInTurn.smallest(where: { key in
            guard let line = lines[key.client], line.share == share, line.turn == key.turn,
                  line.entries.first?.number == key.number else { return false }
            return include(key.client)
        }, lookingAtMost: Self.searchLimit)
        switch search {
        case let .found(key): return lines[key.client]?.entries.first
        case .none: return nil
        case .gaveUp: return walkForNextInShare(share, where: include)
        }
    }

    /// `nextInShare` by a look at every client of the share (internal for the tests, which compare).
    mutating func walkForNextInShare(_ share: ShareID, where include: (ClientID) -> Bool) -> Entry? {
        guard let clients = rounds[share]?.clients else { return nil }
        var best: (turn: UInt64, entry: Entry)?
        for client in clients where include(client) {
            guard let entry = front(of: client), let turn = lines[client]?.turn else { continue }
            if let current = best, (current.turn, current.entry.number) <= (turn, entry.number) { continue }
            best = (turn, entry)
        }
        return best?.entry
    }

    /// `client` has just had its turn: it goes to the end of its share's round, and its share to the
    /// end of the lane's.
    mutating func tookTurn(_ client: ClientID) {
        lastTurn += 2
        lastServedClient = client
        guard let share = lines[client]?.share else {
            lastServed = nil
            return
        }
        lastServed = share
        rounds[share]?.turn = lastTurn
        rounds[share]?.lastTurn += 2
        rounds[share]?.lastServed = client
        lines[client]?.turn = rounds[share]?.lastTurn ?? lastTurn
        index(client, byArrival: false, byTurn: true)
        tidyIndexes(of: share)
    }

    /// The oldest waiting announcement of `client`.
    mutating func oldest(of client: ClientID) -> AnnouncementID? { front(of: client)?.id }

    /// The client of `share` with the most announcements waiting here; on a tie, the lowest number.
    func busiestClient(inShare share: ShareID) -> ClientID? {
        guard let round = rounds[share] else { return nil }
        let lines = self.lines
        switch round.clientsByLoad.smallest(where: { key in
            lines[key.client].map { $0.share == share && $0.waiting == key.waiting } ?? false
        }, lookingAtMost: Self.searchLimit) {
        case let .found(key): return key.client
        case .none: return nil
        case .gaveUp: return walkForBusiestClient(inShare: share)
        }
    }

    /// `busiestClient` by a look at every client of the share (internal for the tests, which compare).
    func walkForBusiestClient(inShare share: ShareID) -> ClientID? {
        var busiest: (waiting: Int, client: ClientID)?
        for client in rounds[share]?.clients ?? [] {
            let waiting = lines[client]?.waiting ?? 0
            if let current = busiest, waiting < current.waiting || (waiting == current.waiting && client > current.client) { continue }
            busiest = (waiting, client)
        }
        return busiest?.client
    }

    /// The share with the most announcements waiting here; on a tie, the lowest number.
    var busiestShare: ShareID? {
        rounds.max { ($0.value.waiting, $1.key) < ($1.value.waiting, $0.key) }?.key
    }

    /// The waiting ids of `client`, oldest first.
    func waitingIDs(of client: ClientID) -> [AnnouncementID] {
        lines[client]?.entries.filter(isLive).map(\.id) ?? []
    }

    /// Among the first waiting announcements of the clients `include` accepts, the one that began to
    /// wait first: since its arrival, or since `since(client)` when that is later (a resume). On a tie,
    /// the first submitted. Found through `frontsByArrival` without changing the lane: the timers ask
    /// after every decision, with thousands of clients waiting in a flood.
    func earliestFront(
        where include: (ClientID) -> Bool, since: (ClientID) -> MonotonicInstant?
    ) -> (id: AnnouncementID, since: MonotonicInstant)? {
        // In order of arrival: the first accepted line whose client was not resumed since is the answer,
        // unless a resumed one passed over on the way began to wait earlier still.
        let lines = self.lines
        var resumed: (since: MonotonicInstant, number: UInt64, id: AnnouncementID)?
        let search = frontsByArrival.smallest(where: { key in
            guard let first = lines[key.client]?.entries.first, first.number == key.number, include(key.client) else { return false }
            guard let resumedAt = since(key.client), resumedAt > first.arrival else { return true }
            if resumed.map({ ($0.since, $0.number) > (resumedAt, first.number) }) ?? true { resumed = (resumedAt, first.number, first.id) }
            return false
        }, lookingAtMost: Self.searchLimit)
        switch search {
        case let .found(key):
            guard let first = lines[key.client]?.entries.first else { return nil }
            if let resumed, (resumed.since, resumed.number) < (first.arrival, first.number) { return (resumed.id, resumed.since) }
            return (first.id, first.arrival)
        case .none:
            return resumed.map { ($0.id, $0.since) }
        case .gaveUp:
            return walkForEarliestFront(where: include, since: since)
        }
    }

    /// `earliestFront` by a look at every line (internal for the tests, which compare).
    func walkForEarliestFront(
        where include: (ClientID) -> Bool, since: (ClientID) -> MonotonicInstant?
    ) -> (id: AnnouncementID, since: MonotonicInstant)? {
        var earliest: (since: MonotonicInstant, number: UInt64, id: AnnouncementID)?
        for (client, line) in lines where include(client) {
            // A line's first entry is live: `remove` drops the stale ones as they reach the front.
            guard let entry = line.entries.first else { continue }
            let began = max(entry.arrival, since(client) ?? entry.arrival)
            if let current = earliest, (current.since, current.number) <= (began, entry.number) { continue }
            earliest = (began, entry.number, entry.id)
        }
        return earliest.map { ($0.id, $0.since) }
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
            index(client, byArrival: true, byTurn: true)
        }
        return nil
    }

    // MARK: - Indexes

    /// Puts `client`'s line, as it is now, in the indexes: by its first entry's arrival, and in its
    /// share's turns. Called whenever the first entry, the turn or the share changes; what it replaces
    /// goes stale.
    private mutating func index(_ client: ClientID, byArrival: Bool, byTurn: Bool, byLoad: Bool = false) {
        guard let line = lines[client], let first = line.entries.first else { return }
        if byArrival { frontsByArrival.insert(FrontKey(arrival: first.arrival, number: first.number, client: client)) }
        if byTurn { rounds[line.share]?.clientsInTurn.insert(TurnKey(turn: line.turn, number: first.number, client: client)) }
        if byLoad { rounds[line.share]?.clientsByLoad.insert(LoadKey(waiting: line.waiting, client: client)) }
    }

    /// Drops stale entries from the indexes' tops, and rebuilds an index that holds more than twice
    /// as many entries as it would fresh, so each stays as small as the lines it covers.
    private mutating func tidyIndexes(of share: ShareID) {
        let lines = self.lines
        frontsByArrival.dropStaleTop { lines[$0.client]?.entries.first?.number != $0.number }
        if frontsByArrival.count > 2 * lines.count + Self.searchLimit {
            frontsByArrival.rebuild(lines.compactMap { client, line in
                line.entries.first.map { FrontKey(arrival: $0.arrival, number: $0.number, client: client) }
            })
        }
        guard var round = rounds[share] else { return }
        // Taken out while they change, so the round is not copied.
        rounds[share]?.clientsInTurn = LazyMinHeap()
        rounds[share]?.clientsByLoad = LazyMinHeap()
        round.clientsByLoad.dropStaleTop { key in lines[key.client].map { $0.share != share || $0.waiting != key.waiting } ?? true }
        if round.clientsByLoad.count > 2 * round.clients.count + Self.searchLimit {
            round.clientsByLoad.rebuild(round.clients.compactMap { client in
                lines[client].map { LoadKey(waiting: $0.waiting, client: client) }
            })
        }
        round.clientsInTurn.dropStaleTop { key in
            guard let line = lines[key.client] else { return true }
            return line.share != share || line.turn != key.turn || line.entries.first?.number != key.number
        }
        if round.clientsInTurn.count > 2 * round.clients.count + Self.searchLimit {
            round.clientsInTurn.rebuild(round.clients.compactMap { client in
                guard let line = lines[client], let first = line.entries.first else { return nil }
                return TurnKey(turn: line.turn, number: first.number, client: client)
            })
        }
        rounds[share]?.clientsInTurn = round.clientsInTurn
        rounds[share]?.clientsByLoad = round.clientsByLoad
    }

    /// The shares with announcements here.
    var shares: [ShareID] { Array(rounds.keys) }

    /// True when every line is in the indexes as it is now: for the tests, which change lanes at random
    /// and check that nothing was left out.
    var indexesAreWhole: Bool {
        struct Front: Hashable { var client: ClientID, number: UInt64 }
        struct Turn: Hashable { var share: ShareID, client: ClientID, turn: UInt64, number: UInt64 }
        let fronts = Set(frontsByArrival.elements.map { Front(client: $0.client, number: $0.number) })
        struct Load: Hashable { var share: ShareID, client: ClientID, waiting: Int }
        let turns = Set(rounds.flatMap { share, round in
            round.clientsInTurn.elements.map { Turn(share: share, client: $0.client, turn: $0.turn, number: $0.number) }
        })
        let loads = Set(rounds.flatMap { share, round in
            round.clientsByLoad.elements.map { Load(share: share, client: $0.client, waiting: $0.waiting) }
        })
        return lines.allSatisfy { client, line in
            guard let first = line.entries.first else { return false }
            return fronts.contains(Front(client: client, number: first.number))
                && turns.contains(Turn(share: line.share, client: client, turn: line.turn, number: first.number))
                && loads.contains(Load(share: line.share, client: client, waiting: line.waiting))
        }
    }

    private func isLive(_ entry: Entry) -> Bool { members[entry.id]?.number == entry.number }
}
