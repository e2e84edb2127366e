import AnnouncerCore
import AnnouncerEngine
import AnnouncerProtocol
import JSONLineEncoding
import Logging
import Synchronization

/// The connected clients, each with its allowance, and what `status` says about throttling.
final class ClientRegistry: Sendable {
    let limits: ClientLimits
    private let logger: Logger
    private let totals = RefusalTotals()
    private let accounts = Mutex<[Int: ClientAccount]>([:])
    private let nextNumber = Atomic<Int>(0)

    init(limits: ClientLimits, logger: Logger) {
        self.limits = limits
        self.logger = logger
    }

    /// How many clients are connected now.
    var count: Int { accounts.withLock { $0.count } }

    /// A new connection, numbered from 1.
    func open() -> ClientAccount {
        let account = ClientAccount(
            number: nextNumber.add(1, ordering: .relaxed).newValue, limits: limits, totals: totals, logger: logger
        )
        accounts.withLock { $0[account.number] = account }
        return account
    }

    func close(_ account: ClientAccount) {
        _ = accounts.withLock { $0.removeValue(forKey: account.number) }
        account.close()
    }

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

    /// The `throttling` object of the `status` reply.
    func status(at now: MonotonicInstant) -> ThrottlingStatus {
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
