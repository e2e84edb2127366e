import AnnouncerCore
import AnnouncerProtocol
import Logging
import NIOCore
import Synchronization

/// One connected client's allowance, shared by its handler on the event loop, the event router on
/// the scheduler's queue (as its announcements end) and `status`; it logs when throttling starts and stops.
final class ClientAccount: Sendable {
    /// Which protocol the connection speaks, once its first line said so.
    typealias WireProtocol = WireProtocolName

    /// The connection's number: its SSIP client id, and how `status` and the log name it.
    let number: Int
    private let logger: Logger
    private let totals: RefusalTotals
    private let clock: any MonotonicClock
    private let state: Mutex<State>

    private struct State {
        var allowance: ClientAllowance
        var queries: QueryAllowance
        var wireProtocol: WireProtocol?
        var peer: PeerCredentials?
        var name: String?
        var share: ShareID
        /// The rate its program's clients share, once the peer is known.
        var program: ProgramRate?
        /// Whether the start of its throttling episode was logged, so its end is logged too.
        var episodeLogged = false
        /// True from when its protocol handler tells the queue of it until it has left the queue.
        var inQueue = false
        var settleScheduled = false
        var closed = false
    }

    /// What `status` shows of a throttled client.
    struct Throttled {
        var number: Int
        var wireProtocol: WireProtocol?
        var processID: Int32?
        var name: String?
        var since: MonotonicInstant
        var refused: Int
        var pending: Int
    }

    init(number: Int, limits: ClientLimits, totals: RefusalTotals, clock: any MonotonicClock, logger: Logger) {
        self.number = number
        self.totals = totals
        self.clock = clock
        self.logger = logger
        let now = clock.now()
        state = Mutex(State(
            allowance: ClientAllowance(limits: limits, at: now), queries: QueryAllowance(at: now), share: ShareID(ClientID(number))
        ))
    }

    /// The client as the queue knows it.
    var clientID: ClientID { ClientID(number) }

    /// The share of the queue its announcements take turns in: its program's (`ProgramShares`).
    var share: ShareID { state.withLock { $0.share } }

    /// Its program's share is now `share`, with its rate; true when the queue knows the client and must be told.
    func moved(to share: ShareID, rate: ProgramRate?) -> Bool {
        state.withLock { state in
            state.share = share
            state.program = rate
            return state.inQueue
        }
    }

    /// The queue knows the client from now on, or, with false, no more; returns its share.
    func setInQueue(_ inQueue: Bool) -> ShareID {
        state.withLock { state in
            state.inQueue = inQueue
            return state.share
        }
    }

    var limits: ClientLimits { state.withLock { $0.allowance.limits } }

    func identify(wireProtocol: WireProtocol) { state.withLock { $0.wireProtocol = wireProtocol } }
    func identify(peer: PeerCredentials) { state.withLock { $0.peer = peer } }
    /// The SSIP client's own name, such as `emacspeak:speechd:main`.
    func identify(name: String) { state.withLock { $0.name = name } }

    /// True when a `status` or `voices` request arriving now is answered; see `QueryAllowance`.
    func admitQuery() -> Bool {
        let now = clock.now()
        return state.withLock { $0.queries.admit(at: now) }
    }

    /// Decides on one announcement arriving now; nil when it is accepted, and it then counts until
    /// `announcementEnded()`. Call on the connection's event loop, which watches for the end of a
    /// throttling episode.
    func admit(textBytes: Int, eventLoop: any EventLoop) -> ClientRefusal? {
        let now = clock.now()
        let admission = state.withLock { state in
            let program = state.program
            return state.allowance.admit(textBytes: textBytes, at: now) { program?.take(at: $0) ?? true }
        }
        switch admission {
        case let .accepted(change):
            if let change { report(change) }
            return nil
        case let .refused(reason, change):
            totals.count(reason)
            if let change {
                report(change)
                watchForQuiet(on: eventLoop)
            }
            return reason
        }
    }

    func announcementEnded() { state.withLock { $0.allowance.ended() } }

    /// Who the client is, as `status` lists it.
    var identity: (wireProtocol: WireProtocol?, processID: Int32?, name: String?) {
        state.withLock { ($0.wireProtocol, $0.peer?.pid, $0.name) }
    }

    /// The client as `status` shows it, if it is throttled now.
    func throttled(at now: MonotonicInstant) -> Throttled? {
        let (change, shown) = state.withLock { state -> (ThrottleChange?, Throttled?) in
            let change = state.allowance.settle(at: now)
            guard let since = state.allowance.throttledSince else { return (change, nil) }
            return (change, Throttled(
                number: number, wireProtocol: state.wireProtocol, processID: state.peer?.pid, name: state.name,
                since: since, refused: state.allowance.refusedWhileThrottled, pending: state.allowance.pending
            ))
        }
        if let change { report(change) }
        return shown
    }

    /// The connection closed; a throttling episode ends with it, and says so.
    func close() {
        let refused = state.withLock { state -> Int? in
            state.closed = true
            return state.allowance.isThrottled ? state.allowance.refusedWhileThrottled : nil
        }
        if let refused, state.withLock({ $0.episodeLogged }) {
            logger.notice("A throttled client closed its connection.", metadata: ["client.number": "\(number)", "client.refused_requests": "\(refused)"])
        }
    }

    /// Checks again when the episode would end, until it has.
    private func watchForQuiet(on eventLoop: any EventLoop) {
        let quietAt: MonotonicInstant? = state.withLock { state in
            guard !state.closed, !state.settleScheduled, let quietAt = state.allowance.quietAt else { return nil }
            state.settleScheduled = true
            return quietAt
        }
        guard let quietAt else { return }
        let wait = quietAt.since(clock.now())
        eventLoop.scheduleTask(in: .microseconds(wait.microseconds + 1_000)) { [self] in
            let change = state.withLock { state -> ThrottleChange? in
                state.settleScheduled = false
                return state.closed ? nil : state.allowance.settle(at: clock.now())
            }
            if let change { report(change) } else { watchForQuiet(on: eventLoop) }
        }
    }

    private func report(_ change: ThrottleChange) {
        switch change {
        case let .started(reason):
            // A program flooding through many connections is logged once, not once per connection.
            let logged = state.withLock { state in
                state.episodeLogged = state.program?.claimThrottleLog(at: clock.now()) ?? true
                return state.episodeLogged
            }
            guard logged else { return }
            var metadata: Logger.Metadata = state.withLock { state in
                var metadata: Logger.Metadata = [:]
                if let wireProtocol = state.wireProtocol { metadata["client.protocol"] = "\(wireProtocol.spoken)" }
                if let peer = state.peer { metadata["client.process"] = "\(peer.pid)" }
                if let name = state.name { metadata["client.name"] = "\(name)" }
                return metadata
            }
            metadata["client.number"] = "\(number)"
            metadata["client.reason"] = "it \(reason.clause(limits: limits))"
            logger.notice("Throttling a client: its announcements are refused until it slows down.", metadata: metadata)
        case let .stopped(refused, lasted):
            guard state.withLock({ $0.episodeLogged }) else { return }
            let seconds = (lasted.milliseconds / 100).rounded() / 10
            logger.notice("A client is no longer throttled.", metadata: [
                "client.number": "\(number)", "client.refused_requests": "\(refused)", "client.seconds_throttled": "\(seconds)",
            ])
        }
    }
}

extension WireProtocolName {
    /// The protocol's name in a log line.
    var spoken: String { self == .json ? "JSON lines" : "SSIP" }
}
