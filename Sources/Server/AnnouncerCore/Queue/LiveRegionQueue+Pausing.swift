/// Pause and resume, as Speech Dispatcher's clients (and Emacspeak) use them.
///
/// The rules, each a tested behaviour:
/// - A paused client's waiting announcements do not start; they keep their places, and the other
///   clients' go on in turn as if it had none waiting. Its new announcements are accepted and wait.
///   Pausing everyone (`PauseTarget.all`) reaches clients that appear while the pause lasts.
/// - When what speaks belongs to a paused client, the speaker is asked once to stop it at its next mark
///   (`pause`). Until it says it stopped, it still speaks: nothing else starts, and it is cut, ended or
///   cancelled as usual. If it ends before the pause takes effect, it ends as usual and the client
///   stays paused.
/// - When it stopped (`speechPaused`), it is held aside for its client, to go on just after the last
///   mark heard (`Announcement.resumesAfterMark`), and what is due starts. A held announcement neither
///   speaks nor waits in a lane, so nothing cuts, replaces or expires it; any cancel that names it, and
///   a stop of what is speaking, ends it `cancelled`, and its client stays paused.
/// - On resume, a held announcement goes back to the front of its client's line and, when its turn
///   comes, resumes (`resume`) rather than starts; with nothing else due, at once. Resuming a client
///   that was not paused does nothing. Resuming one client while everyone is paused resumes only it;
///   resuming everyone resumes every client, however it was paused. A client resumed before its pause
///   took effect has its stopped announcement put back the same way, not held.
/// - Put back in its line, a paused announcement is not replaced by a newer update for its region, and
///   a stop of what is speaking still reaches it.
/// - A paused client is held to its bounds on waiting announcements. Its idle-only announcements are
///   dropped, since they cannot be spoken now; its waiting ones do not stop another client's.
/// - Time to live: a paused client's polite announcements do not expire while it is paused, and when
///   it resumes their time to live starts again from the resume (`waitingSince`); the hold limit of
///   its assertive ones counts from then too. The timers set no time for a paused client's.
/// - A paused client's announcements, held or waiting, keep the queue from being idle (`isIdle`):
///   they are not lost, and each still ends exactly once.
/// - A pause lasts only while the client that made it is connected (`clientLeft`, in
///   LiveRegionQueue+Sharing.swift). A pause of everyone names its sender and may be given a time
///   limit; at the limit, or when its sender goes, it ends as if everyone were resumed, except the
///   clients that paused themselves, which stay paused. Either way the queue says so once (`notice`).
extension LiveRegionQueue {
    /// True when every client is paused but those resumed one by one, including clients not seen yet.
    public var isPausedForAll: Bool { pausedClients.includesEveryone }

    /// True when `client`'s announcements do not start.
    public func isPaused(_ client: ClientID) -> Bool { pausedClients.contains(client) }

    /// Pauses `target`'s speech. When what speaks belongs to a paused client, the speaker is asked
    /// to stop it at its next mark, once however often it is paused. A pause of everyone is `sender`'s,
    /// and ends when `sender` goes or after `limit`, whichever comes first.
    public mutating func pause(
        _ target: PauseTarget, by sender: ClientID? = nil, lastingAtMost limit: Duration? = nil, now: MonotonicInstant
    ) -> [QueueAction] {
        pausedClients.pause(target, by: sender, lastingAtMost: limit, now: now)
        guard let current = speaking, pausedClients.contains(current.client), pauseRequested != current.id else { return [] }
        pauseRequested = current.id
        return [.pause(current.id)]
    }

    /// Resumes `target`'s speech: held announcements go back to the front of their clients' lines, the
    /// time to live of what waited restarts, and what is due starts or resumes.
    public mutating func resume(_ target: PauseTarget, now: MonotonicInstant) -> [QueueAction] {
        let before = pausedClients
        pausedClients.resume(target)
        guard pausedClients != before else { return [] }
        returnResumed(pausedBefore: before, now: now)
        return decide(now: now)
    }

    /// Ends the pause of everyone, because its sender went away or its time ran out; the clients that
    /// paused themselves stay paused. Nothing new starts here.
    mutating func endPauseForAll(now: MonotonicInstant, because ending: PauseForAllEnding) -> [QueueAction] {
        guard let pause = pausedClients.everyone else { return [] }
        let before = pausedClients
        pausedClients.endPauseForAll()
        returnResumed(pausedBefore: before, now: now)
        guard let sender = pause.sender else { return [] }
        return [.notice(.pauseForAllEnded(sender: sender, because: ending))]
    }

    /// Ends a pause of everyone that has lasted as long as it may.
    mutating func endPauseForAllAtItsLimit(now: MonotonicInstant) -> [QueueAction] {
        guard let pause = pausedClients.everyone, let limit = pause.limit, let ends = pause.endsAt, now >= ends else { return [] }
        return endPauseForAll(now: now, because: .timeLimit(limit))
    }

    /// For every client paused `before` and not now: what waited counts from now, and held announcements
    /// go back to the front of their lines.
    private mutating func returnResumed(pausedBefore before: PausedClients, now: MonotonicInstant) {
        let after = pausedClients
        let resumed = { (client: ClientID) in before.contains(client) && !after.contains(client) }
        for client in clientsWithAnnouncements() where resumed(client) {
            resumedAt[client] = now
        }
        let returning = held.filter { resumed($0.client) }
        held.removeAll { resumed($0.client) }
        for announcement in returning { returnToLine(announcement) }
    }

    /// The speaker reports that an announcement's speech stopped for a pause, just after mark
    /// `afterMark`, or with no new mark heard (nil). A report for what is not speaking is late news.
    public mutating func speechPaused(_ id: AnnouncementID, afterMark: Int?, now: MonotonicInstant) -> [QueueAction] {
        guard var current = speaking, current.id == id else { return [] }
        speaking = nil
        // With no new mark heard, it goes on from where an earlier pause left it.
        if let afterMark { current.resumesAfterMark = afterMark }
        if pausedClients.contains(current.client) {
            held.append(current)
        } else {
            // Its client resumed before the pause took effect: it goes back to resume in its turn, its
            // wait counted from now.
            resumedAt[current.client] = now
            returnToLine(current)
        }
        return [.paused(current)] + decide(now: now)
    }

    /// Every client with an announcement waiting or held.
    private func clientsWithAnnouncements() -> Set<ClientID> {
        Set(waitingByClient.keys).union(held.map(\.client))
    }
}
