/// Sharing the voice by program, and what happens when a client goes away.
///
/// The rules, each a tested behaviour:
/// - The server assigns each client to a share (`assign`): the clients of one program share one.
///   Within each politeness the shares take turns, and within a share its clients, so a program gets
///   one turn however many connections it opens. A client never assigned is a share of its own.
///   Reassigned while announcements of it wait, they move to the new share and keep their order.
/// - The bounds per client are bounds per share: its waiting polite ones (the oldest of its client with
///   the most waiting goes) and its waiting assertive ones (the newcomer is refused).
/// - The bound on assertive announcements in all counts only clients that are connected and not
///   paused: what cannot speak never makes another client's assertive announcement `dropped`.
/// - A share that sends assertive announcements faster than `LiveRegionPolicy.assertiveRate` floods
///   (`AssertiveAllowance`): the one that went over and every later one while the flood lasts are
///   spoken as polite, and so are the share's assertive ones that wait or speak when it begins, so none
///   of them holds the voice against another program. Only announcements that come while another of
///   the share's assertive ones waits or speaks count toward the rate: one that finds none stands in no
///   one's way. The flood ends when the share has earned its burst back and nothing of it waits. It is
///   told once, on the announcement that began it (`warn`), and to the server (`notice`).
/// - A client goes away (`clientLeft`): if it was paused by its own request (itself, or everyone by
///   its pause), its announcements, waiting, held or speaking, end `cancelled` with the reason, since
///   nobody is left to resume them; a pause of everyone it made ends; its other waiting announcements
///   stay and are spoken in turn, as `spd-say`'s are after it hangs up.
extension LiveRegionQueue {
    /// Why announcements of a client that went away while paused end.
    static let wentAwayWhilePaused = "It was cancelled because its client went away while paused, so nobody was left to resume it."

    /// The share `client` takes turns in.
    public func share(of client: ClientID) -> ShareID { shareOf[client] ?? ShareID(client) }

    /// `client` belongs to `share` from now on; its waiting announcements move there.
    public mutating func assign(_ client: ClientID, to share: ShareID) {
        shareOf[client] = share == ShareID(client) ? nil : share
        assertiveLane.move(client, to: share)
        politeLane.move(client, to: share)
    }

    /// How many announcements of this politeness `share`'s clients have waiting.
    public func waitingCount(_ politeness: Politeness, ofShare share: ShareID) -> Int {
        switch politeness {
        case .assertive: assertiveLane.waitingCount(ofShare: share)
        case .polite: politeLane.waitingCount(ofShare: share)
        case .off: 0
        }
    }

    /// `client` has gone and will send nothing more. A pause of its own ends with it, taking its
    /// announcements along; a pause of everyone that it made ends, and the others go on.
    public mutating func clientLeft(_ client: ClientID, now: MonotonicInstant) -> [QueueAction] {
        var actions: [QueueAction] = []
        if pausedClients.pausedByItself(client) {
            actions += end(.client(client), with: .cancelledBecause(reason: Self.wentAwayWhilePaused))
        }
        let madePauseForAll = pausedClients.everyone.map { $0.sender == client } ?? false
        pausedClients.forget(client)
        if madePauseForAll { actions += endPauseForAll(now: now, because: .senderLeft) }
        resumedAt[client] = nil
        departed.insert(client)
        forgetWhatIsGone(client, now: now)
        return actions + decide(now: now)
    }

    /// Forgets the clients that went away and have nothing left here, and the rate allowances that are
    /// as if new, so a server that sees thousands of short-lived clients keeps nothing of them.
    ///
    /// The client that just left is forgotten at once if it has nothing here, and all of them when
    /// nothing waits, speaks or is held. Otherwise the others are looked at again only when their
    /// number has doubled since the last look, so that costs a few checks per
    /// client that leaves: looked at on every departure, 7,400 `spd-say` clients whose messages still
    /// waited made each departure a walk over all of them.
    private mutating func forgetWhatIsGone(_ leaving: ClientID, now: MonotonicInstant) {
        if !hasAnnouncements(leaving) {
            departed.remove(leaving)
            shareOf[leaving] = nil
        }
        if isIdle {
            // Nothing of anyone is left: none of them has anything here.
            for client in departed { shareOf[client] = nil }
            departed.removeAll()
        } else if departed.count >= departedLookAgainAt {
            for client in departed where !hasAnnouncements(client) {
                departed.remove(client)
                shareOf[client] = nil
            }
            departedLookAgainAt = max(Self.departedFirstLook, 2 * departed.count)
        }
        if let rate = policy.assertiveRate {
            assertiveAllowances = assertiveAllowances.filter { !$0.value.isRested(at: now, rate: rate) }
        }
    }

    /// How many departed clients make the first look at them all.
    static let departedFirstLook = 64

    /// True when `client` has an announcement waiting, speaking or held.
    private func hasAnnouncements(_ client: ClientID) -> Bool {
        assertiveLane.waitingCount(of: client) > 0 || politeLane.waitingCount(of: client) > 0
            || speaking?.client == client || held.contains { $0.client == client }
    }

    /// How many waiting assertive announcements count toward the total bound: those of clients that are
    /// connected and not paused, without those about to be replaced (`leaving`).
    func assertiveCountedTowardTotal(leaving: [AnnouncementID]) -> Int {
        let paused = pausedClients
        let counts = { (client: ClientID) in !paused.contains(client) && !departed.contains(client) }
        let counted = assertiveLane.waitingByClient.reduce(0) { $0 + (counts($1.key) ? $1.value : 0) }
        return counted - leaving.count { waiting[$0].map { counts($0.client) } ?? false }
    }

    /// Holds an arriving assertive announcement of `share` to the rate: past it, the announcement is
    /// spoken as polite, and when that begins a flood, so are the share's assertive ones already
    /// waiting or speaking.
    mutating func watchAssertiveRate(_ announcement: inout Announcement, share: ShareID) -> [QueueAction] {
        guard let rate = policy.assertiveRate else { return [] }
        // One that finds none of its program's assertive announcements waiting or speaking stands in no
        // one's way, however soon it follows the last: a screen reader's alerts, or `announce bench`'s
        // rounds, each heard before the next is sent. Only a flood once begun takes it in.
        let floods = assertiveAllowances[share]?.isFlooding ?? false
        guard floods || hasAssertivePending(share) else { return [] }
        var allowance = assertiveAllowances[share] ?? AssertiveAllowance(rate: rate, at: announcement.arrival)
        let nothingWaits = assertiveLane.waitingCount(ofShare: share) == 0 && politeLane.waitingCount(ofShare: share) == 0
        let decision = allowance.admit(at: announcement.arrival, rate: rate, nothingWaits: nothingWaits)
        assertiveAllowances[share] = allowance
        switch decision {
        case .assertive:
            return []
        case .flooding:
            announcement.politeness = .polite
            return []
        case .floodBegan:
            announcement.politeness = .polite
            demoteAssertive(of: share)
            let reason = "It was spoken as polite: its program sent assertive announcements faster than \(rate.perSecond) a second for \(rate.sustained.spokenSeconds), so they are spoken as polite until it slows down."
            return [.warn(announcement, reason), .notice(.assertiveFloodBegan(share, client: announcement.client, rate: rate))]
        }
    }

    /// True when an assertive announcement of `share` waits or speaks.
    private func hasAssertivePending(_ share: ShareID) -> Bool {
        if assertiveLane.waitingCount(ofShare: share) > 0 { return true }
        guard let current = speaking, current.politeness == .assertive else { return false }
        return self.share(of: current.client) == share
    }

    /// Makes `share`'s waiting assertive announcements polite, and the one speaking if it is the share's,
    /// so that any other assertive announcement cuts it.
    private mutating func demoteAssertive(of share: ShareID) {
        let clients = assertiveLane.waitingByClient.keys.filter { assertiveLane.share(of: $0) == share }
        for client in clients {
            // Newest first, each put first in the client's polite line, so they keep their order.
            for id in assertiveLane.waitingIDs(of: client).reversed() { demoteWaiting(id) }
        }
        if var current = speaking, current.politeness == .assertive, self.share(of: current.client) == share {
            // Changing what speaks must not forget a pause asked of it.
            let asked = pauseRequested
            current.politeness = .polite
            speaking = current
            pauseRequested = asked
        }
    }
}
