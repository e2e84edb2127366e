import AnnouncerCore

/// Which connections belong to one program and so share one turn in the queue, as a value.
///
/// A connection is known by keys: its peer process (the `SO_PEERCRED` pid), the program behind it (the
/// executable of the pid, with the script for an interpreter) and, for SSIP, the `user:application`
/// of its client name. Connections that have a key in common share, and so, in turn, do all connected
/// to them: two hundred connections of one process, or two hundred `spd-say` processes, are one share.
/// A share is named after the first connection in it and lasts while any of its connections does;
/// when two shares meet, the one with fewer connections joins the other, and of two alike the newer.
/// A program is remembered for `memory` after its last connection closed, and its next connection
/// rejoins its share: each `spd-say` is gone before the next comes, and they are still one program,
/// whose announcements may still wait.
struct ProgramShares: Sendable {
    /// How long a program is remembered after its last connection closed.
    static let memory: Duration = .seconds(60)

    /// What a connection is known by.
    enum Key: Hashable, Sendable {
        /// The peer's process id.
        case process(Int32)
        /// The program behind the peer: its executable, or an SSIP client's `user:application`.
        case program(String)
    }

    /// A connection whose share changed.
    struct Change: Hashable, Sendable {
        var client: ClientID
        var share: ShareID
    }

    private var shareOf: [ClientID: ShareID] = [:]
    private var keysOf: [ClientID: Set<Key>] = [:]
    private var holders: [Key: Set<ClientID>] = [:]
    private var members: [ShareID: Set<ClientID>] = [:]
    /// Programs none of whose connections is open, with their share, until they are forgotten.
    private var remembered: [Key: (share: ShareID, until: MonotonicInstant)] = [:]

    /// The share of `client`, its own until it is known by a key.
    func share(of client: ClientID) -> ShareID { shareOf[client] ?? ShareID(client) }

    /// How many connections share with `client`, itself included.
    func memberCount(of client: ClientID) -> Int { members[share(of: client)]?.count ?? 1 }

    /// `client` is known by `keys` too. Returns every connection whose share changed, `client` first if
    /// its own did.
    mutating func identify(_ client: ClientID, by keys: [Key], at now: MonotonicInstant) -> [Change] {
        forgetPrograms(at: now)
        let own = share(of: client)
        if members[own] == nil {
            shareOf[client] = own
            members[own] = [client]
        }
        var meeting: [ShareID] = []
        for key in keys {
            keysOf[client, default: []].insert(key)
            if let holder = holders[key]?.first(where: { $0 != client }) {
                let theirs = share(of: holder)
                if theirs != own, !meeting.contains(theirs) { meeting.append(theirs) }
            } else if let known = remembered.removeValue(forKey: key), known.until > now, known.share != own,
                      members[known.share] == nil, !meeting.contains(known.share) {
                meeting.append(known.share)
            }
            holders[key, default: []].insert(client)
        }
        var changes: [Change] = []
        var current = own
        for other in meeting where other != current {
            // The larger share stays; of two alike, the older, so a newcomer joins the program it found.
            // A remembered share, with no connection open, takes in a connection alone in its own.
            let alone = members[current] == [client]
            let currentFirst = (size(of: current, alone: alone), other) > (size(of: other, alone: alone), current)
            let (keep, join) = currentFirst ? (current, other) : (other, current)
            for member in members.removeValue(forKey: join) ?? [] {
                shareOf[member] = keep
                members[keep, default: []].insert(member)
                changes.append(Change(client: member, share: keep))
            }
            current = keep
        }
        // The identified connection first: it is the one asking.
        return changes.sorted { ($0.client == client ? 0 : 1, $0.client) < ($1.client == client ? 0 : 1, $1.client) }
    }

    /// `client` closed: it no longer ties its keys to its share, and a share with no connection left
    /// closes. Its program is remembered with its share for `memory`; its process is not, since the
    /// process id may be used again.
    mutating func leave(_ client: ClientID, at now: MonotonicInstant) {
        let share = share(of: client)
        for key in keysOf.removeValue(forKey: client) ?? [] {
            holders[key]?.remove(client)
            guard holders[key]?.isEmpty == true else { continue }
            holders[key] = nil
            if case .program = key { remembered[key] = (share, now + Self.memory) }
        }
        guard shareOf.removeValue(forKey: client) != nil else { return }
        members[share]?.remove(client)
        if members[share]?.isEmpty == true { members[share] = nil }
    }

    /// How many connections `share` has, for choosing which of two shares stays; one with none open
    /// is a remembered program's, which outweighs a connection `alone` in its own share.
    private func size(of share: ShareID, alone: Bool) -> Int { members[share]?.count ?? (alone ? Int.max : 0) }

    /// True while a connection of `share` is open.
    func isOpen(_ share: ShareID) -> Bool { members[share] != nil }

    /// True while `share` is open, or remembered for a program that may come back.
    func isKnown(_ share: ShareID) -> Bool { isOpen(share) || remembered.values.contains { $0.share == share } }

    /// Forgets the programs remembered past `memory`; only when there are many, so that each
    /// connection costs no walk over all of them.
    private mutating func forgetPrograms(at now: MonotonicInstant) {
        guard remembered.count > 256 else { return }
        remembered = remembered.filter { $0.value.until > now }
    }

    /// True when nothing is remembered: every connection has left.
    var isEmpty: Bool { shareOf.isEmpty && holders.isEmpty && members.isEmpty }
}
