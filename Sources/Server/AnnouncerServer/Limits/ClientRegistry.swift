import AnnouncerCore
import AnnouncerScheduling
import AnnouncerEngine
import AnnouncerProtocol
import JSONLineEncoding
import Logging
import Synchronization

/// The connected clients, each with its allowance, and what `status` says about throttling.
final class ClientRegistry: Sendable {
    let limits: ClientLimits
    private let clock: any MonotonicClock
    private let logger: Logger
    private let totals = RefusalTotals()
    private let accounts = Mutex<[Int: ClientAccount]>([:])
    private let nextNumber = Atomic<Int>(0)
    /// Which connections belong to one program, and the rate each program's connections share.
    private let shares = Mutex((programs: ProgramShares(), rates: [ShareID: ProgramRate]()))

    init(limits: ClientLimits, clock: any MonotonicClock = SystemMonotonicClock(), logger: Logger) {
        self.limits = limits
        self.clock = clock
        self.logger = logger
    }

    /// How many clients are connected now.
    var count: Int { accounts.withLock { $0.count } }

    /// A new connection, numbered from 1.
    func open() -> ClientAccount {
        let account = ClientAccount(
            number: nextNumber.add(1, ordering: .relaxed).newValue, limits: limits, totals: totals, clock: clock, logger: logger
        )
        accounts.withLock { $0[account.number] = account }
        return account
    }

    func close(_ account: ClientAccount) {
        _ = accounts.withLock { $0.removeValue(forKey: account.number) }
        shares.withLock { shares in
            let share = shares.programs.share(of: account.clientID)
            shares.programs.leave(account.clientID, at: clock.now())
            if !shares.programs.isKnown(share) { shares.rates[share] = nil }
        }
        account.close()
    }

    /// `account` is also known by `keys` (its process, its program): it joins the share of any connection
    /// known by one of them, and with it the rate that share's connections share. Returns the accounts
    /// whose share changed and that the queue must be told of.
    func identify(_ account: ClientAccount, by keys: [ProgramShares.Key]) -> [(ClientID, ShareID)] {
        let now = clock.now()
        let limits = self.limits
        let (changes, rates) = shares.withLock { shares in
            var changes = shares.programs.identify(account.clientID, by: keys, at: now)
            // The one identified takes its share's rate even when its share did not change.
            if !changes.contains(where: { $0.client == account.clientID }) {
                changes.append(.init(client: account.clientID, share: shares.programs.share(of: account.clientID)))
            }
            var rates: [ShareID: ProgramRate] = [:]
            for share in Set(changes.map(\.share)) {
                if shares.rates[share] == nil, let rate = limits.rate { shares.rates[share] = ProgramRate(rate: rate, at: now) }
                rates[share] = shares.rates[share]
            }
            // Shares joined into others, and programs forgotten, are gone.
            shares.rates = shares.rates.filter { shares.programs.isKnown($0.key) }
            return (changes, rates)
        }
        let moved = accounts.withLock { accounts in
            changes.compactMap { change in accounts[change.client.rawValue].map { (change, $0) } }
        }
        return moved.compactMap { change, account in
            account.moved(to: change.share, rate: rates[change.share]) ? (change.client, change.share) : nil
        }
    }

    /// Who a connected client is, for a log line: its number, protocol, process and name.
    func metadata(of client: ClientID) -> Logger.Metadata {
        var metadata: Logger.Metadata = ["client.number": "\(client.rawValue)"]
        guard let account = accounts.withLock({ $0[client.rawValue] }) else { return metadata }
        let identity = account.identity
        if let wireProtocol = identity.wireProtocol { metadata["client.protocol"] = "\(wireProtocol.spoken)" }
        if let pid = identity.processID { metadata["client.process"] = "\(pid)" }
        if let name = identity.name { metadata["client.name"] = "\(name)" }
        metadata["client.connections_of_its_program"] = "\(shareSize(of: account))"
        return metadata
    }

    /// How many connections share with `account`, itself included.
    func shareSize(of account: ClientAccount) -> Int { shares.withLock { $0.programs.memberCount(of: account.clientID) } }

    /// The `client_list` array of the `status` reply: every connected client with its share of the queue.
    func list(queue: [ClientID: ClientQueueStatus]) -> [ClientShare] {
        let connected = accounts.withLock { Array($0.values) }.sorted { $0.number < $1.number }
        return connected.map { account in
            let identity = account.identity
            let share = queue[ClientID(account.number)]
            let reasons = (share?.droppedByReason ?? [:]).sorted { $0.key < $1.key }
            return ClientShare(
                client: account.number,
                wireProtocol: identity.wireProtocol,
                pid: identity.processID.map(Int.init),
                name: identity.name,
                waiting: WaitingCounts(assertive: share?.waitingAssertive ?? 0, polite: share?.waitingPolite ?? 0),
                dropped: share?.dropped ?? 0,
                droppedReasons: reasons.map { DropReasonCount(reason: $0.key, count: $0.value) }
            )
        }
    }

    /// The `throttling` object of the `status` reply, now.
    func status() -> ThrottlingStatus {
        let now = clock.now()
        let throttled = accounts.withLock { Array($0.values) }
            .compactMap { $0.throttled(at: now) }
            .sorted { $0.number < $1.number }
        return ThrottlingStatus(
            limits: ThrottlingStatus.Limits(
                burst: limits.rate?.burst, perSecond: limits.rate?.perSecond,
                pending: limits.maxPending, textBytes: limits.maxTextBytes
            ),
            throttled: throttled.count,
            refused: Dictionary(totals.byReason.map { ($0.0.rawValue, $0.1) }, uniquingKeysWith: +),
            throttledClients: throttled.map { client in
                ThrottlingStatus.ThrottledClient(
                    client: client.number,
                    wireProtocol: client.wireProtocol,
                    pid: client.processID.map(Int.init),
                    name: client.name,
                    throttledFor: Milliseconds(now.since(client.since)),
                    refused: client.refused,
                    pending: client.pending
                )
            }
        )
    }
}
