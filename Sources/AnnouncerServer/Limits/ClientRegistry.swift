import AnnouncerCore
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
    func list(queue: [ClientID: ClientQueueStatus]) -> JSONFragment {
        let connected = accounts.withLock { Array($0.values) }.sorted { $0.number < $1.number }
        return .array(connected.map { account in
            let identity = account.identity
            let share = queue[ClientID(account.number)]
            let reasons = (share?.droppedByReason ?? [:]).sorted { $0.key < $1.key }
            return .object([
                ("client", .integer(account.number)),
                ("protocol", identity.wireProtocol.map { .string($0.rawValue) } ?? .null),
                ("pid", identity.processID.map { .integer(Int($0)) } ?? .null),
                ("name", identity.name.map(JSONFragment.string) ?? .null),
                ("waiting", .object([
                    ("assertive", .integer(share?.waitingAssertive ?? 0)),
                    ("polite", .integer(share?.waitingPolite ?? 0)),
                ])),
                ("dropped", .integer(share?.dropped ?? 0)),
                ("dropped_reasons", .array(reasons.map { .object([("reason", .string($0.key)), ("count", .integer($0.value))]) })),
            ])
        })
    }

    /// The `throttling` object of the `status` reply.
    func status(at now: MonotonicInstant) -> JSONFragment {
        let throttled = accounts.withLock { Array($0.values) }
            .compactMap { $0.throttled(at: now) }
            .sorted { $0.number < $1.number }
        func limit(_ value: Int?) -> JSONFragment { value.map(JSONFragment.integer) ?? .null }
        return .object([
            ("limits", .object([
                ("burst", limit(limits.rate?.burst)),
                ("per_second", limit(limits.rate?.perSecond)),
                ("pending", limit(limits.maxPending)),
                ("text_bytes", limit(limits.maxTextBytes)),
            ])),
            ("throttled", .integer(throttled.count)),
            ("refused", .object(totals.byReason.map { ($0.0.rawValue, .integer($0.1)) })),
            ("throttled_clients", .array(throttled.map { client in
                .object([
                    ("client", .integer(client.number)),
                    ("protocol", client.wireProtocol.map { .string($0.rawValue) } ?? .null),
                    ("pid", client.processID.map { .integer(Int($0)) } ?? .null),
                    ("name", client.name.map(JSONFragment.string) ?? .null),
                    ("throttled_ms", .milliseconds(UInt64(now.since(client.since).microseconds))),
                    ("refused", .integer(client.refused)),
                    ("pending", .integer(client.pending)),
                ])
            })),
        ])
    }
}
