import DequeModule

/// The live-region rules as a state machine: announcements and speech results in, actions out.
///
/// It keeps no clock and starts no threads, so every rule is tested with times chosen by hand.
/// The rules, each a tested behaviour:
/// - Assertive is spoken before polite. Within one level, programs take turns and within a program its
///   clients (see `FairLane`, `ShareID`), and each client's announcements go first in, first out.
/// - An assertive announcement cuts a polite one that is speaking (`interrupted`). It cuts an assertive
///   one only when it comes from another client and has waited behind it past the hold limit
///   (5 s by default), so one long text cannot hold the voice; within one client, order is kept.
/// - A newer announcement for a region replaces that region's waiting one (`superseded`),
///   unless the waiting one is more urgent.
/// - The same text at the same politeness, in the same language, within the duplicate window is not said twice (`duplicate`),
///   unless the announcement does not drop repeats (`Announcement.dropsRepeats`: SSIP's and Emacspeak's speech).
/// - A polite announcement that waited past its time to live is not spoken (`expired`).
/// - Waiting polite announcements are bounded per program and in all. Past a program's bound the oldest
///   of its client with the most waiting is `dropped`; past the total, that of the program with the most.
/// - Waiting assertive announcements are bounded per program and in all; past either bound the
///   newcomer is `dropped`, never an older one. The total counts only clients that are connected and
///   not paused, so announcements that cannot speak never stand in the way of those that can.
/// - A program that sends assertive announcements faster than the policy's rate floods: from then until
///   it slows down, its assertive announcements, waiting and speaking ones included, are spoken as
///   polite, and it is told once (`warn`, `notice`).
/// - `off` announcements are recorded, never spoken (`silenced`).
/// - Cancel by id, region, all, or what is speaking (`cancelled`).
/// - Conduct (see `QueueConduct`): a `replaceableWhileSpeaking` announcement is cut by a newer one
///   for its region (`superseded`); an `onlyWhenIdle` one is `dropped` unless nothing speaks or can
///   start, and cut (`interrupted`) by anything that arrives while it speaks.
/// - Clients pause and resume, one or all (see `LiveRegionQueue+Pausing.swift`): a paused client's
///   announcements do not start and do not expire, and the others go on as if it had none waiting.
///   A pause lasts only while the client that made it is connected (`clientLeft`).
public struct LiveRegionQueue: Sendable {
    public let policy: LiveRegionPolicy

    /// What is speaking now. One asked to pause still speaks until the speaker says it stopped.
    public internal(set) var speaking: Announcement? {
        // A pause asked of what spoke before is no longer pending.
        didSet { pauseRequested = nil }
    }
    /// When what is speaking now started.
    private var speakingSince: MonotonicInstant?

    // One fair lane per level rather than one heap: there are only two levels, and within a level
    // the order is by client turn, then by arrival.
    var waiting = WaitingAnnouncements()
    var assertiveLane = FairLane()
    var politeLane = FairLane()
    private var waitingByRegion: [RegionID: RegionSlot] = [:]

    private var recentTexts: [DuplicateKey: RecentText] = [:]
    private var recentOrder: Deque<(key: DuplicateKey, id: AnnouncementID)> = []

    // Pausing; the rules are in LiveRegionQueue+Pausing.swift.
    /// The clients whose announcements do not start.
    public internal(set) var pausedClients: PausedClients = .nobody
    /// The speaking announcement the speaker was asked to pause, until it says it stopped.
    var pauseRequested: AnnouncementID?
    /// Announcements that stopped for a pause and wait aside until their clients resume, in the order
    /// they stopped. They neither speak nor wait in a lane, so nothing cuts, replaces or expires them.
    public internal(set) var held: [Announcement] = []
    /// Waiting announcements that stopped for a pause and were put back in their lines: they resume
    /// rather than start when their turn comes.
    var resuming: Set<AnnouncementID> = []
    /// When each client was last resumed, for the announcements that waited through its pause: their
    /// time to live and the hold limit count from then. Forgotten once older than both.
    var resumedAt: [ClientID: MonotonicInstant] = [:]

    // Sharing by program; the rules are in LiveRegionQueue+Sharing.swift.
    /// The share each client takes turns in, as the server assigned it; a client not here is its own.
    var shareOf: [ClientID: ShareID] = [:]
    /// Clients that went away while announcements of theirs still wait, speak or are held.
    public internal(set) var departed: Set<ClientID> = []
    /// How many departed clients make the next look at them all (`forgetWhatIsGone`).
    var departedLookAgainAt = LiveRegionQueue.departedFirstLook
    /// Each program's standing against the assertive rate, until it is rested again.
    var assertiveAllowances: [ShareID: AssertiveAllowance] = [:]

    public init(policy: LiveRegionPolicy = .standard) {
        self.policy = policy
    }

    /// How many announcements of this politeness are waiting.
    public func waitingCount(_ politeness: Politeness) -> Int {
        switch politeness {
        case .assertive: assertiveLane.count
        case .polite: politeLane.count
        case .off: 0
        }
    }

    /// How many of `client`'s announcements of this politeness are waiting.
    public func waitingCount(_ politeness: Politeness, of client: ClientID) -> Int {
        switch politeness {
        case .assertive: assertiveLane.waitingCount(of: client)
        case .polite: politeLane.waitingCount(of: client)
        case .off: 0
        }
    }

    /// Every client with announcements waiting, and how many of each politeness.
    public var waitingByClient: [ClientID: (assertive: Int, polite: Int)] {
        var counts: [ClientID: (assertive: Int, polite: Int)] = [:]
        for (client, count) in assertiveLane.waitingByClient { counts[client, default: (0, 0)].assertive = count }
        for (client, count) in politeLane.waitingByClient { counts[client, default: (0, 0)].polite = count }
        return counts
    }

    /// True when nothing speaks, nothing waits and nothing is held for a paused client. A paused
    /// client's announcements keep the queue from being idle until they end or are resumed and spoken,
    /// so waiting for idle while a client stays paused waits for as long as the pause.
    public var isIdle: Bool { speaking == nil && waiting.isEmpty && held.isEmpty }

    /// The waiting announcements in the order they would be spoken if nothing else arrived: those of
    /// clients not paused, then those of paused clients, each assertive first. Held ones are not waiting.
    public var waitingInSpeakingOrder: [Announcement] {
        let paused = pausedClients
        let ids = assertiveLane.inTurnOrder { !paused.contains($0) } + politeLane.inTurnOrder { !paused.contains($0) }
            + assertiveLane.inTurnOrder(where: paused.contains) + politeLane.inTurnOrder(where: paused.contains)
        return ids.compactMap { waiting[$0] }
    }

    /// When the first waiting polite announcement that can start will expire, so the scheduler can wake
    /// then. A paused client's do not expire, so they set no time.
    public var nextExpiry: MonotonicInstant? {
        earliestToExpire.map { $0.since + policy.politeTimeToLive }
    }

    /// The waiting polite announcement of a client not paused that began to wait first, and when.
    /// Built of locals so that no closure copies the whole queue.
    private var earliestToExpire: (id: AnnouncementID, since: MonotonicInstant)? {
        let paused = pausedClients
        let resumes = resumedAt
        return politeLane.earliestFront(where: { !paused.contains($0) }, since: { resumes[$0] })
    }

    /// When a waiting assertive announcement of another client will have waited past the hold limit
    /// behind the assertive one speaking, so the scheduler can wake then and let it cut. A paused
    /// client's cannot cut, so they set no time.
    public var nextHoldCut: MonotonicInstant? {
        let paused = pausedClients
        guard let limit = policy.assertiveHoldLimit, let current = speaking, current.politeness == .assertive,
              current.conduct != .onlyWhenIdle, let since = speakingSince else { return nil }
        let resumes = resumedAt
        guard let waited = assertiveLane.earliestFront(where: { $0 != current.client && !paused.contains($0) }, since: { resumes[$0] })?
            .since else { return nil }
        return max(waited, since) + limit
    }

    /// The next moment a decision falls due with no news from anyone: an expiry, a hold cut, or the end
    /// of a pause of everyone at its time limit.
    public var nextDecisionTime: MonotonicInstant? {
        [nextExpiry, nextHoldCut, pausedClients.everyone?.endsAt].compactMap { $0 }.min()
    }

    /// A new announcement arrives.
    public mutating func submit(_ announcement: Announcement, now: MonotonicInstant) -> [QueueAction] {
        var announcement = announcement
        var actions: [QueueAction] = []
        if announcement.politeness == .off {
            return [.end(announcement, .silenced)]
        }
        forgetTextsOlderThanWindow(now: announcement.arrival)
        if announcement.dropsRepeats, let earlier = recentTexts[DuplicateKey(announcement)], announcement.arrival < earlier.expires {
            return [.end(announcement, .duplicate(of: earlier.id))]
        }

        // A paused client's announcements do not count: they could not start.
        if announcement.conduct == .onlyWhenIdle {
            if pausedClients.contains(announcement.client) {
                return [.end(announcement, .dropped(reason:
                    "It was to be spoken only when nothing else was speaking or waiting, and its client was paused."))]
            }
            if speaking != nil || frontOfLane(.assertive) != nil || frontOfLane(.polite) != nil {
                return [.end(announcement, .dropped(reason:
                    "It was to be spoken only when nothing else was speaking or waiting, and something was."))]
            }
        }

        let share = share(of: announcement.client)
        if announcement.politeness == .assertive {
            actions += watchAssertiveRate(&announcement, share: share)
        }

        let replaced = announcement.region.map { waitingSlotsReplaced(in: $0, by: announcement.politeness) } ?? []

        // Refuse before replacing anything, so a refused announcement never supersedes another.
        if announcement.politeness == .assertive {
            let freed = replaced.filter { waiting[$0]?.politeness == .assertive }
            let freedOwn = freed.count { waiting[$0].map { self.share(of: $0.client) == share } ?? false }
            if assertiveLane.waitingCount(ofShare: share) - freedOwn >= policy.maxWaitingAssertivePerClient {
                return actions + [.end(announcement, .dropped(reason:
                    "It was refused because its program already has \(policy.maxWaitingAssertivePerClient) assertive announcements waiting."))]
            }
            if assertiveLane.count - freed.count >= policy.maxWaitingAssertive,
               assertiveCountedTowardTotal(leaving: freed) >= policy.maxWaitingAssertive {
                return actions + [.end(announcement, .dropped(reason:
                    "It was refused because \(policy.maxWaitingAssertive) assertive announcements of connected clients that are not paused are already waiting."))]
            }
        }

        // What leaves without being heard does not make a later identical announcement a duplicate.
        for id in replaced {
            if let old = removeWaiting(id) {
                forgetText(of: old)
                actions.append(.end(old, .superseded(by: announcement.id)))
            }
        }

        if let current = speaking, current.conduct == .replaceableWhileSpeaking,
           let region = announcement.region, current.region == region,
           announcement.politeness >= current.politeness {
            speaking = nil
            forgetText(of: current)
            actions += [.stop(current.id), .end(current, .superseded(by: announcement.id))]
        }

        // When this submission freed the speaker, one waiting announcement is about to start: no overflow.
        // A paused client's announcement does not start, so it makes room whether or not anything speaks.
        if announcement.politeness == .polite, speaking != nil || pausedClients.contains(announcement.client) {
            actions += makeRoomForPolite(in: share)
        }

        addWaiting(announcement)
        // Remembered at the politeness it waits at, which a flood may have changed.
        if announcement.dropsRepeats { rememberText(of: announcement) }
        actions.append(.queued(announcement))
        actions += decide(now: now)
        return actions
    }

    /// Ends the announcements a client cancelled; what is speaking among them is cut.
    ///
    /// One that stopped for a pause counts as speaking, whether held or put back to resume, so a
    /// client's stop reaches its paused message. Cancelling does not resume a paused client.
    public mutating func cancel(_ target: CancelTarget, now: MonotonicInstant) -> [QueueAction] {
        end(target, with: .cancelled) + decide(now: now)
    }

    /// Ends what `target` names with `outcome`: what speaks among it is cut, and what stopped for a
    /// pause counts as speaking. Nothing new starts here.
    mutating func end(_ target: CancelTarget, with outcome: Outcome) -> [QueueAction] {
        var actions: [QueueAction] = []
        if let current = speaking, target.matches(current) {
            speaking = nil
            forgetText(of: current)
            actions += [.stop(current.id), .end(current, outcome)]
        }
        let endedHeld = held.filter(target.matches)
        if !endedHeld.isEmpty {
            held.removeAll(where: target.matches)
            for candidate in endedHeld {
                forgetText(of: candidate)
                actions.append(.end(candidate, outcome))
            }
        }
        let candidates: [Announcement]
        switch target {
        case let .client(client):
            // Found through the client's lines, not by looking at everything that waits.
            candidates = (assertiveLane.waitingIDs(of: client) + politeLane.waitingIDs(of: client)).compactMap { waiting[$0] }
        default:
            candidates = target.reachesWaiting ? Array(waiting.values) : resuming.compactMap { waiting[$0] }
        }
        // Assertive ones first, then by arrival: the order they would have been spoken in, near enough.
        let ended = candidates.filter(target.matches).sorted {
            ($0.politeness == .assertive ? 0 : 1, $0.arrival) < ($1.politeness == .assertive ? 0 : 1, $1.arrival)
        }
        for candidate in ended {
            removeWaiting(candidate.id)
            forgetText(of: candidate)
            actions.append(.end(candidate, outcome))
        }
        return actions
    }

    /// The speaker reports that an announcement's speech ended on its own, completely or with a failure.
    public mutating func speechEnded(_ id: AnnouncementID, result: SpeechResult, now: MonotonicInstant) -> [QueueAction] {
        // A report for speech that was already cut or cancelled is late news; the outcome is settled.
        guard let current = speaking, current.id == id else { return [] }
        speaking = nil
        let outcome: Outcome
        switch result {
        case .completed:
            outcome = .spoken
        case let .failed(reason):
            outcome = .failed(reason: reason)
            forgetText(of: current)
        }
        return [.end(current, outcome)] + decide(now: now)
    }

    /// Time has passed with no other news: expiries and hold cuts that fell due are carried out.
    public mutating func timePassed(now: MonotonicInstant) -> [QueueAction] {
        decide(now: now)
    }

    /// Ends polite announcements that have waited past their time to live, counted from
    /// `waitingSince`. A paused client's do not expire while it stays paused.
    public mutating func expire(now: MonotonicInstant) -> [QueueAction] {
        var actions: [QueueAction] = []
        while let first = firstToExpire(), expiry(first) < now {
            removeWaiting(first.id)
            forgetText(of: first)
            actions.append(.end(first, .expired))
        }
        if !resumedAt.isEmpty {
            // Past both, a resume no longer moves any deadline: what waited through it has expired or
            // may cut by now, and a client paused again gets a new time when it resumes.
            let horizon = max(policy.politeTimeToLive, policy.assertiveHoldLimit ?? .zero)
            resumedAt = resumedAt.filter { now.since($0.value) <= horizon }
        }
        return actions
    }

    /// When `announcement` began to wait, for its time to live and the hold limit: its arrival, or its
    /// client's last resume when that came later, so a pause never counts against it.
    func waitingSince(_ announcement: Announcement) -> MonotonicInstant {
        max(announcement.arrival, resumedAt[announcement.client] ?? announcement.arrival)
    }

    private func expiry(_ announcement: Announcement) -> MonotonicInstant {
        waitingSince(announcement) + policy.politeTimeToLive
    }

    /// The waiting polite announcement of a client not paused whose time to live runs out first; on a
    /// tie, the one submitted first. Each client's line is in that order already, so only fronts count.
    private func firstToExpire() -> Announcement? {
        earliestToExpire.flatMap { waiting[$0.id] }
    }

    // MARK: - Deciding what speaks

    /// Starts what is due, and cuts what speaks when the rules say so. Only announcements of clients
    /// not paused are looked at; a speaking one asked to pause is cut like any other.
    mutating func decide(now: MonotonicInstant) -> [QueueAction] {
        var actions = endPauseForAllAtItsLimit(now: now) + expire(now: now)
        if let current = speaking {
            // Only an assertive announcement cuts, and only a polite one;
            // an announcement spoken only when idle gives way to anything.
            let cutter = current.conduct == .onlyWhenIdle
                ? frontOfLane(.assertive) ?? frontOfLane(.polite)
                : current.politeness == .polite ? frontOfLane(.assertive) : nil
            if let next = cutter {
                let begin = takeTurn(next, now: now)
                actions += [.stop(current.id), .end(current, .interrupted(by: next.id)), begin]
            } else if let cut = nextHoldCut, cut <= now, let limit = policy.assertiveHoldLimit,
                      let next = frontOfLane(.assertive), next.client != current.client {
                // Another client's assertive announcement has waited past the hold limit behind this one.
                forgetText(of: current)
                let begin = takeTurn(next, now: now)
                actions += [.stop(current.id), .end(current, .interruptedAfterHolding(by: next.id, limit: limit)), begin]
            }
            return actions
        }
        if let next = frontOfLane(.assertive) ?? frontOfLane(.polite) {
            actions.append(takeTurn(next, now: now))
        }
        return actions
    }

    // MARK: - Waiting announcements

    private mutating func addWaiting(_ announcement: Announcement) {
        waiting[announcement.id] = announcement
        let share = share(of: announcement.client)
        switch announcement.politeness {
        case .assertive: assertiveLane.append(announcement.id, from: announcement.client, share: share, arrival: announcement.arrival)
        case .polite: politeLane.append(announcement.id, from: announcement.client, share: share, arrival: announcement.arrival)
        case .off: preconditionFailure("off announcements never wait")
        }
        if let region = announcement.region {
            waitingByRegion[region, default: RegionSlot()][announcement.politeness] = announcement.id
        }
    }

    @discardableResult
    private mutating func removeWaiting(_ id: AnnouncementID) -> Announcement? {
        guard let announcement = waiting.removeValue(forKey: id) else { return nil }
        switch announcement.politeness {
        case .assertive: assertiveLane.remove(id)
        case .polite: politeLane.remove(id)
        case .off: break
        }
        if let region = announcement.region, var slot = waitingByRegion[region],
           slot[announcement.politeness] == id {
            slot[announcement.politeness] = nil
            waitingByRegion[region] = slot.isEmpty ? nil : slot
        }
        resuming.remove(id)
        return announcement
    }

    /// Moves a waiting assertive announcement to the polite lane, ahead of its client's polite ones, as
    /// it would have been spoken before them, for a program that floods. It keeps its region's polite
    /// place only if that is free, and one put back to resume takes none, as in `returnToLine`.
    @discardableResult
    mutating func demoteWaiting(_ id: AnnouncementID) -> Announcement? {
        guard var announcement = waiting[id], announcement.politeness == .assertive else { return nil }
        let resumes = resuming.contains(id)
        removeWaiting(id)
        forgetText(of: announcement)
        announcement.politeness = .polite
        waiting[id] = announcement
        politeLane.putFirst(id, from: announcement.client, share: share(of: announcement.client), arrival: announcement.arrival)
        if resumes {
            resuming.insert(id)
        } else if let region = announcement.region, waitingByRegion[region]?.polite == nil {
            waitingByRegion[region, default: RegionSlot()].polite = id
        }
        if announcement.dropsRepeats { rememberText(of: announcement) }
        return announcement
    }

    /// Puts an announcement that stopped for a pause back at the front of its client's line, to resume
    /// when its turn comes. It takes no region slot: begun, it is not replaced by a newer update for
    /// its region, as a speaking one is not.
    mutating func returnToLine(_ announcement: Announcement) {
        waiting[announcement.id] = announcement
        let share = share(of: announcement.client)
        switch announcement.politeness {
        case .assertive: assertiveLane.putFirst(announcement.id, from: announcement.client, share: share, arrival: announcement.arrival)
        case .polite: politeLane.putFirst(announcement.id, from: announcement.client, share: share, arrival: announcement.arrival)
        case .off: preconditionFailure("off announcements never speak")
        }
        resuming.insert(announcement.id)
    }

    /// Starts `next`: it leaves the waiting announcements and its client goes to the end of the round.
    /// One that stopped for a pause resumes instead of starting again.
    private mutating func takeTurn(_ next: Announcement, now: MonotonicInstant) -> QueueAction {
        switch next.politeness {
        case .assertive: assertiveLane.tookTurn(next.client)
        case .polite: politeLane.tookTurn(next.client)
        case .off: break
        }
        let resumes = resuming.contains(next.id)
        removeWaiting(next.id)
        speaking = next
        speakingSince = now
        return resumes ? .resume(next) : .start(next)
    }

    /// Before a polite announcement of `share` waits: the oldest of the share's client with the most
    /// waiting goes when the share is at its bound, and that of the share with the most waiting when
    /// the polite places are all taken.
    private mutating func makeRoomForPolite(in share: ShareID) -> [QueueAction] {
        if politeLane.waitingCount(ofShare: share) >= policy.maxWaitingPolitePerClient,
           let busiest = politeLane.busiestClient(inShare: share),
           let oldest = politeLane.oldest(of: busiest).flatMap({ waiting[$0] }) {
            removeWaiting(oldest.id)
            forgetText(of: oldest)
            return [.end(oldest, .dropped(reason:
                "It was the oldest of the \(policy.maxWaitingPolitePerClient) polite announcements one program may have waiting, from its client with the most, and a newer one from the same program took its place."))]
        }
        if politeLane.count >= policy.maxWaitingPolite, let busiestShare = politeLane.busiestShare,
           let busiest = politeLane.busiestClient(inShare: busiestShare),
           let oldest = politeLane.oldest(of: busiest).flatMap({ waiting[$0] }) {
            removeWaiting(oldest.id)
            forgetText(of: oldest)
            return [.end(oldest, .dropped(reason:
                "All \(policy.maxWaitingPolite) places for waiting polite announcements were taken, and it was the oldest of the program with the most waiting."))]
        }
        return []
    }

    /// The waiting announcements of a region that a new one of this politeness replaces:
    /// those no more urgent than it. A polite update never displaces a waiting assertive one.
    private func waitingSlotsReplaced(in region: RegionID, by politeness: Politeness) -> [AnnouncementID] {
        guard let slot = waitingByRegion[region] else { return [] }
        switch politeness {
        case .assertive: return [slot.polite, slot.assertive].compactMap { $0 }
        case .polite: return [slot.polite].compactMap { $0 }
        case .off: return []
        }
    }

    /// The announcement whose turn is next in a lane, among clients not paused.
    private mutating func frontOfLane(_ politeness: Politeness) -> Announcement? {
        let paused = pausedClients
        return switch politeness {
        case .assertive: assertiveLane.next { !paused.contains($0) }.flatMap { waiting[$0] }
        case .polite: politeLane.next { !paused.contains($0) }.flatMap { waiting[$0] }
        case .off: nil
        }
    }

    // MARK: - Duplicates

    mutating func rememberText(of announcement: Announcement) {
        let key = DuplicateKey(announcement)
        recentTexts[key] = RecentText(id: announcement.id, expires: key.arrival + policy.duplicateWindow)
        recentOrder.append((key, announcement.id))
    }

    /// An announcement that was never heard does not make a later identical one a duplicate.
    mutating func forgetText(of announcement: Announcement) {
        // One that does not drop repeats was never remembered.
        guard announcement.dropsRepeats else { return }
        let key = DuplicateKey(announcement)
        if recentTexts[key]?.id == announcement.id { recentTexts[key] = nil }
    }

    private mutating func forgetTextsOlderThanWindow(now: MonotonicInstant) {
        while let (key, id) = recentOrder.first {
            guard let recent = recentTexts[key], recent.id == id else {
                recentOrder.removeFirst()
                continue
            }
            guard recent.expires <= now else { return }
            recentTexts[key] = nil
            recentOrder.removeFirst()
        }
    }
}

/// How a speaker says an utterance ended, when it was not cut by the queue.
public enum SpeechResult: Sendable, Hashable {
    case completed
    case failed(reason: String)
}

private struct RegionSlot: Sendable {
    var assertive: AnnouncementID?
    var polite: AnnouncementID?

    var isEmpty: Bool { assertive == nil && polite == nil }

    subscript(politeness: Politeness) -> AnnouncementID? {
        get { politeness == .assertive ? assertive : politeness == .polite ? polite : nil }
        set {
            switch politeness {
            case .assertive: assertive = newValue
            case .polite: polite = newValue
            case .off: break
            }
        }
    }
}

/// Two announcements are duplicates when their politeness, language and words match;
/// runs of white space and surrounding space do not count. The same words in another language are
/// another announcement: a bilingual app says its error in both.
private struct DuplicateKey: Hashable, Sendable {
    let politeness: Politeness
    let language: Language
    let words: String
    // Not part of equality: only the arrival of the one that is remembered matters.
    let arrival: MonotonicInstant

    init(_ announcement: Announcement) {
        politeness = announcement.politeness
        language = announcement.language
        words = announcement.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        arrival = announcement.arrival
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.politeness == rhs.politeness && lhs.language == rhs.language && lhs.words == rhs.words
    }
    func hash(into hasher: inout Hasher) {
        hasher.combine(politeness)
        hasher.combine(language)
        hasher.combine(words)
    }
}

private struct RecentText: Sendable {
    let id: AnnouncementID
    let expires: MonotonicInstant
}

extension CancelTarget {
    func matches(_ announcement: Announcement) -> Bool {
        switch self {
        case let .id(id): announcement.id == id
        case let .ids(ids), let .speakingAmong(ids): ids.contains(announcement.id)
        case let .region(region): announcement.region == region
        case let .client(client): announcement.client == client
        case .all, .speaking: true
        }
    }
}
