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
extension LiveRegionQueue {
    /// True when every client is paused but those resumed one by one, including clients not seen yet.
    public var isPausedForAll: Bool { pausedClients.includesEveryone }

    /// True when `client`'s announcements do not start.
    public func isPaused(_ client: ClientID) -> Bool { pausedClients.contains(client) }

    /// Pauses `target`'s speech. When what speaks belongs to a paused client, the speaker is asked
    /// to stop it at its next mark, once however often it is paused.
    public mutating func pause(_ target: PauseTarget, now: MonotonicInstant) -> [QueueAction] {
        pausedClients.pause(target)
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
        let after = pausedClients
        let resumed = { (client: ClientID) in before.contains(client) && !after.contains(client) }
        for client in clientsWithAnnouncements() where resumed(client) {
            resumedAt[client] = now
        }
        let returning = held.filter { resumed($0.client) }
        held.removeAll { resumed($0.client) }
        for announcement in returning { returnToLine(announcement) }
        return decide(now: now)
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
