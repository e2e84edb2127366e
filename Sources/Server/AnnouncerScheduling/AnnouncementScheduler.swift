public import AnnouncerCore
import Dispatch
import Synchronization

/// Runs the live-region queue on one serial `DispatchQueue`: every decision is made there,
/// in order, and carried out by telling a `Speaker` and the timeline's observers.
///
/// A client's requests reach the queue through its own line (`ClientInboxes`), in the order sent,
/// and the clients' lines are taken in turn, so one client's flood never stands between another
/// client's request and the queue. A request that concerns everyone (status, idle, cancelling all)
/// first carries out every request waiting, so it is in order with all of them.
///
/// Nothing here waits for synthesis or audio: the speaker answers later, through its reports.
///
/// The queue is the state's one guard: `State` is touched only in work running on it. The clients'
/// lines (`inboxes`) have a lock of their own, since requests are added to them from any thread.
public final class AnnouncementScheduler: Sendable {
    private let queue: DispatchQueue
    private let speaker: any Speaker
    private let clock: any SchedulerClock
    private let state: QueueConfined<State>
    private let inboxes = Mutex(ClientInboxes())
    /// How many clients' requests one turn of the queue carries out before its other work (speech
    /// reports, timers) gets in.
    static let requestsPerTurn = 64

    private struct State: ~Copyable {
        var liveRegion: LiveRegionQueue
        var observers: [ObjectIdentifier: any TimelineObserver] = [:]
        var outcomeHandlers: [AnnouncementID: @Sendable (Outcome) -> Void] = [:]
        var idleHandlers: [@Sendable () -> Void] = []
        var expiryTimer: (any WakeUp)?
        var expiryDeadline: MonotonicInstant?
        var endedCount: [Outcome.Kind: Int] = [:]
        /// Each client's dropped announcements by reason, until `forget(_:)`.
        var droppedByClient: [ClientID: [String: Int]] = [:]
        /// Announcements whose first audio is on the timeline: one resumed after a pause plays again,
        /// but began only once (SSIP clients get one 701 BEGIN, then 705 RESUMED).
        var begun: Set<AnnouncementID> = []
        /// Told the queue's notices, such as a pause of everyone that ended at its time limit.
        var noticeHandler: (@Sendable (QueueNotice) -> Void)?
    }

    /// `clock` is read for every decision's time and sets the wake-ups for expiry and pause limits.
    public init(policy: LiveRegionPolicy = .standard, speaker: any Speaker, clock: any SchedulerClock = SystemMonotonicClock()) {
        self.speaker = speaker
        self.clock = clock
        self.policy = policy
        let queue = DispatchQueue(label: "announcer.scheduler", qos: .userInteractive)
        self.queue = queue
        self.state = QueueConfined(State(liveRegion: LiveRegionQueue(policy: policy)), on: queue)
    }

    public let policy: LiveRegionPolicy

    // MARK: - Requests

    /// Accepts an announcement. `onEnd`, if given, is called once with its outcome, on the scheduler's queue.
    public func submit(_ announcement: Announcement, onEnd: (@Sendable (Outcome) -> Void)? = nil) {
        enqueue(from: announcement.client) { [self] in
            record(.received, announcement, at: announcement.arrival)
            if let problem = announcement.script?.problem { record(.warning(problem), announcement, at: announcement.arrival) }
            if let onEnd { state.access { $0.outcomeHandlers[announcement.id] = onEnd } }
            let now = clock.now()
            let actions = state.access { $0.liveRegion.submit(announcement, now: now) }
            perform(actions)
        }
    }

    /// Cancels what `target` names, as `client` asked, if a client did: a cancel of the client's own
    /// announcements follows its requests before it, and any other follows everyone's.
    /// `onDone` is called with the number of announcements it ended.
    public func cancel(_ target: CancelTarget, from client: ClientID? = nil, onDone: (@Sendable (Int) -> Void)? = nil) {
        let own: ClientID? = switch target {
        case let .client(owner): owner
        case .ids, .speakingAmong: client
        case .id, .region, .all, .speaking: nil
        }
        request(from: own) { [self] in
            let now = clock.now()
            let actions = state.access { $0.liveRegion.cancel(target, now: now) }
            perform(actions)
            onDone?(actions.count { if case .end = $0 { true } else { false } })
        }
    }

    /// Cancels as `cancel` does and waits until the queue has, so that the reply can say how many
    /// announcements it ended. Like `status`, never called on the scheduler's queue.
    public func cancelAndCount(_ target: CancelTarget, from client: ClientID? = nil) -> Int {
        dispatchPrecondition(condition: .notOnQueue(queue))
        let done = DispatchSemaphore(value: 0)
        let ended = Mutex(0)
        cancel(target, from: client) { count in
            ended.withLock { $0 = count }
            done.signal()
        }
        done.wait()
        return ended.withLock { $0 }
    }

    /// Pauses `target`'s speech: what speaks of a paused client stops at its next mark and is held, and
    /// nothing else of it starts until it is resumed. While anything is held or waits for a paused client,
    /// the scheduler is not idle. A pause of everyone is `sender`'s: it ends when `sender` leaves
    /// (`clientLeft`), or after `limit`. `onDone` is called once the queue has taken the pause in.
    public func pause(
        _ target: PauseTarget, by sender: ClientID? = nil, lastingAtMost limit: Duration? = nil,
        onDone: (@Sendable () -> Void)? = nil
    ) {
        let owner: ClientID? = switch target {
        case let .client(client): client
        case .all: sender
        }
        request(from: owner) { [self] in
            let now = clock.now()
            let actions = state.access { $0.liveRegion.pause(target, by: sender, lastingAtMost: limit, now: now) }
            perform(actions)
            onDone?()
        }
    }

    /// Resumes `target`'s speech: held announcements resume from where they stopped, in their turn.
    /// `onDone` is called once the queue has taken the resume in.
    public func resume(_ target: PauseTarget, onDone: (@Sendable () -> Void)? = nil) {
        let owner: ClientID? = if case let .client(client) = target { client } else { nil }
        request(from: owner) { [self] in
            let now = clock.now()
            let actions = state.access { $0.liveRegion.resume(target, now: now) }
            perform(actions)
            onDone?()
        }
    }

    /// Calls `body` once nothing speaks and nothing waits, on the scheduler's queue.
    public func whenIdle(_ body: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            drainAll()
            let idle = state.access { state in
                if state.liveRegion.isIdle { return true }
                state.idleHandlers.append(body)
                return false
            }
            if idle { body() }
        }
    }

    /// Blocks the calling thread until nothing speaks and nothing waits. Never call it on the scheduler's queue.
    public func waitUntilIdle() {
        dispatchPrecondition(condition: .notOnQueue(queue))
        let done = DispatchSemaphore(value: 0)
        whenIdle { done.signal() }
        done.wait()
    }

    /// A snapshot of the queue, taken in order with every request before it.
    public func status() -> SchedulerStatus {
        dispatchPrecondition(condition: .notOnQueue(queue))
        return queue.sync {
            drainAll()
            return state.access { state in
                SchedulerStatus(
                    speaking: state.liveRegion.speaking,
                    waitingAssertive: state.liveRegion.waitingCount(.assertive),
                    waitingPolite: state.liveRegion.waitingCount(.polite),
                    endedByOutcome: state.endedCount,
                    clients: Self.clientStatus(state.liveRegion.waitingByClient, dropped: state.droppedByClient),
                    paused: state.liveRegion.pausedClients
                )
            }
        }
    }

    /// Forgets what `client` had dropped, once it has gone; its waiting announcements stay in the queue.
    public func forget(_ client: ClientID) {
        queue.async { [self] in _ = state.access { $0.droppedByClient.removeValue(forKey: client) } }
    }

    /// `client`'s announcements take turns in `share` from now on, with the other clients of its program.
    public func assign(_ client: ClientID, to share: ShareID) {
        enqueue(from: client) { [self] in state.access { $0.liveRegion.assign(client, to: share) } }
    }

    /// `client` has gone and sends nothing more: call it after its last request. A pause it made ends;
    /// if it had paused itself, its announcements end `cancelled`. `onDone` is called with how many of
    /// its announcements that ended.
    public func clientLeft(_ client: ClientID, onDone: (@Sendable (Int) -> Void)? = nil) {
        enqueue(from: client) { [self] in
            let now = clock.now()
            let actions = state.access { $0.liveRegion.clientLeft(client, now: now) }
            perform(actions)
            onDone?(actions.count { if case let .end(announcement, _) = $0 { announcement.client == client } else { false } })
        }
    }

    /// Calls `handler` with each of the queue's notices from now on, on the scheduler's queue.
    public func onNotice(_ handler: @escaping @Sendable (QueueNotice) -> Void) {
        queue.async { [self] in state.access { $0.noticeHandler = handler } }
    }

    private static func clientStatus(
        _ waiting: [ClientID: (assertive: Int, polite: Int)], dropped: [ClientID: [String: Int]]
    ) -> [ClientID: ClientQueueStatus] {
        var clients: [ClientID: ClientQueueStatus] = [:]
        for (client, counts) in waiting {
            clients[client] = ClientQueueStatus(waitingAssertive: counts.assertive, waitingPolite: counts.polite, droppedByReason: [:])
        }
        for (client, reasons) in dropped {
            clients[client, default: ClientQueueStatus(waitingAssertive: 0, waitingPolite: 0, droppedByReason: [:])].droppedByReason = reasons
        }
        return clients
    }

    // MARK: - The clients' lines

    /// Carries out `work` on the queue: in `client`'s line when a client asked, else after everything waiting.
    private func request(from client: ClientID?, _ work: @escaping ClientInboxes.Request) {
        if let client {
            enqueue(from: client, work)
        } else {
            queue.async { [self] in
                drainAll()
                work()
            }
        }
    }

    private func enqueue(from client: ClientID, _ work: @escaping ClientInboxes.Request) {
        let schedule = inboxes.withLock { inboxes in
            inboxes.append(work, from: client)
            defer { inboxes.drainScheduled = true }
            return !inboxes.drainScheduled
        }
        if schedule { queue.async { [self] in drainSome() } }
    }

    /// On the queue: one turn of the clients' requests, then the queue's other work gets in before the next.
    private func drainSome() {
        for _ in 0..<Self.requestsPerTurn {
            guard let work = inboxes.withLock({ $0.next() }) else { break }
            work()
        }
        let more = inboxes.withLock { inboxes in
            if inboxes.isEmpty { inboxes.drainScheduled = false }
            return !inboxes.isEmpty
        }
        if more {
            queue.async { [self] in drainSome() }
        } else {
            // The last request may have changed nothing that tells the waiting that all is done.
            notifyIdleIfIdle()
        }
    }

    /// On the queue: carries out every request waiting in the clients' lines, in turn.
    private func drainAll() {
        dispatchPrecondition(condition: .onQueue(queue))
        while true {
            let waiting = inboxes.withLock { $0.takeAll() }
            if waiting.isEmpty { return }
            for work in waiting { work() }
        }
    }

    // MARK: - Timeline observers

    /// Tells `observer` of every event from now on, in order.
    public func addObserver(_ observer: any TimelineObserver) {
        queue.async { [self] in state.access { $0.observers[ObjectIdentifier(observer)] = observer } }
    }

    public func removeObserver(_ observer: any TimelineObserver) {
        queue.async { [self] in state.access { $0.observers[ObjectIdentifier(observer)] = nil } }
    }

    // MARK: - Carrying out decisions (on the queue)

    private func perform(_ actions: [QueueAction]) {
        dispatchPrecondition(condition: .onQueue(queue))
        for action in actions {
            switch action {
            case let .queued(announcement):
                record(.queued, announcement, at: clock.now())
            case let .stop(id):
                speaker.stop(id)
            case let .start(announcement):
                record(.started, announcement, at: clock.now())
                speak(announcement)
            case let .pause(id):
                speaker.pause(id)
            case let .paused(announcement):
                record(.paused, announcement, at: clock.now())
            case let .resume(announcement):
                record(.resumed, announcement, at: clock.now())
                speak(announcement)
            case let .warn(announcement, sentence):
                record(.warning(sentence), announcement, at: clock.now())
            case let .notice(notice):
                state.access { $0.noticeHandler }?(notice)
            case let .end(announcement, outcome):
                record(.ended(outcome), announcement, at: clock.now())
                let handler = state.access { state in
                    state.endedCount[outcome.kind, default: 0] += 1
                    if case let .dropped(reason) = outcome {
                        state.droppedByClient[announcement.client, default: [:]][reason, default: 0] += 1
                    }
                    state.begun.remove(announcement.id)
                    return state.outcomeHandlers.removeValue(forKey: announcement.id)
                }
                handler?(outcome)
            }
        }
        rearmExpiryTimer()
        notifyIdleIfIdle()
    }

    private func speak(_ announcement: Announcement) {
        speaker.speak(announcement) { [weak self] report in
            guard let self else { return }
            queue.async { self.handle(report, for: announcement) }
        }
    }

    private func handle(_ report: SpeechReport, for announcement: Announcement) {
        switch report {
        case let .firstAudio(at, audibleAt):
            // Audio of something already cut is not news.
            // Nor is the audio of one resumed after a pause, which began before it paused.
            guard state.access({ $0.liveRegion.speaking?.id == announcement.id && $0.begun.insert(announcement.id).inserted })
            else { return }
            record(.firstAudio, announcement, at: at)
            record(.audible, announcement, at: audibleAt)
        case let .finished(result, at):
            let actions = state.access { $0.liveRegion.speechEnded(announcement.id, result: result, now: at) }
            perform(actions)
        case let .mark(index, _, audibleAt):
            guard state.access({ $0.liveRegion.speaking?.id == announcement.id }),
                  let name = announcement.script?.markNames.dropFirst(index).first else { return }
            record(.mark(name), announcement, at: audibleAt)
        case let .paused(afterMark, at):
            let actions = state.access { $0.liveRegion.speechPaused(announcement.id, afterMark: afterMark, now: at) }
            perform(actions)
        }
    }

    private func expireDue() {
        let now = clock.now()
        let actions = state.access { state in
            state.expiryDeadline = nil
            return state.liveRegion.timePassed(now: now)
        }
        perform(actions)
    }

    private func rearmExpiryTimer() {
        state.access { state in
            let deadline = state.liveRegion.nextDecisionTime
            guard deadline != state.expiryDeadline else { return }
            state.expiryTimer?.cancel()
            state.expiryTimer = nil
            state.expiryDeadline = deadline
            guard let deadline else { return }
            // One microsecond past the deadline, so the announcement has waited *longer* than its time to live or the hold limit.
            state.expiryTimer = clock.wake(at: deadline + .microseconds(1), on: queue) { [weak self] in self?.expireDue() }
        }
    }

    private func notifyIdleIfIdle() {
        // Requests on their way in are not idleness.
        guard inboxes.withLock({ $0.isEmpty }) else { return }
        let handlers = state.access { state -> [@Sendable () -> Void] in
            guard state.liveRegion.isIdle else { return [] }
            defer { state.idleHandlers.removeAll() }
            return state.idleHandlers
        }
        handlers.forEach { $0() }
    }

    private func record(_ kind: TimelineEvent.Kind, _ announcement: Announcement, at time: MonotonicInstant) {
        let event = TimelineEvent(time: time, kind: kind, announcement: announcement)
        let observers = state.access { Array($0.observers.values) }
        for observer in observers { observer.record(event) }
    }
}
