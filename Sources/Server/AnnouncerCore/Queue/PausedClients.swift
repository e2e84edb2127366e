/// Which clients are paused: those that paused themselves, and everyone while one client's pause of
/// everyone lasts, except the clients resumed one by one since.
public struct PausedClients: Sendable, Hashable {
    /// Clients paused by their own request (SSIP `PAUSE SELF`, or one of their messages).
    public private(set) var individually: Set<ClientID>
    /// A pause of everyone's speech, while it lasts.
    public private(set) var everyone: PauseForAll?

    /// No client is paused.
    public static let nobody = PausedClients(individually: [], everyone: nil)

    public init(individually: Set<ClientID> = [], everyone: PauseForAll? = nil) {
        self.individually = individually
        self.everyone = everyone
    }

    /// True when `client`'s announcements do not start.
    public func contains(_ client: ClientID) -> Bool {
        individually.contains(client) || (everyone.map { !$0.resumedOneByOne.contains(client) } ?? false)
    }

    /// True when every client is paused but those resumed one by one, including clients not seen yet.
    public var includesEveryone: Bool { everyone != nil }

    /// True when `client` is paused by a request of its own: it paused itself, or it paused everyone
    /// and was not resumed one by one since. Nobody else is expected to resume such a client.
    public func pausedByItself(_ client: ClientID) -> Bool {
        individually.contains(client) || (everyone.map { $0.sender == client && !$0.resumedOneByOne.contains(client) } ?? false)
    }

    /// Pauses one client, or everyone. A pause of everyone replaces an earlier one, whoever sent it;
    /// the clients paused one by one stay paused when it ends.
    mutating func pause(_ target: PauseTarget, by sender: ClientID?, lastingAtMost limit: Duration?, now: MonotonicInstant) {
        switch target {
        case let .client(client):
            individually.insert(client)
            everyone?.resumedOneByOne.remove(client)
        case .all:
            everyone = PauseForAll(sender: sender, since: now, limit: limit)
        }
    }

    /// Resumes one client, or everyone; resuming one while everyone is paused makes it an exception,
    /// and resuming everyone also resumes the clients that paused themselves, as Speech Dispatcher does.
    mutating func resume(_ target: PauseTarget) {
        switch target {
        case let .client(client):
            individually.remove(client)
            everyone?.resumedOneByOne.insert(client)
        case .all:
            self = .nobody
        }
    }

    /// Ends the pause of everyone without resuming the clients that paused themselves.
    mutating func endPauseForAll() {
        everyone = nil
    }

    /// Forgets a client that has gone: it is no longer paused by itself, nor an exception.
    mutating func forget(_ client: ClientID) {
        individually.remove(client)
        everyone?.resumedOneByOne.remove(client)
    }
}

/// One client's pause of every client's speech (SSIP `PAUSE ALL`, JSON `pause` with `all`).
public struct PauseForAll: Sendable, Hashable {
    /// The client that asked; the pause ends when it goes away. nil: an engine's own pause, which lasts
    /// until it is resumed.
    public var sender: ClientID?
    /// When it began.
    public var since: MonotonicInstant
    /// How long it may last however long its sender stays; nil: until it is resumed or its sender goes.
    public var limit: Duration?
    /// Clients resumed one by one while the pause lasts.
    public var resumedOneByOne: Set<ClientID> = []

    public init(sender: ClientID?, since: MonotonicInstant, limit: Duration?, resumedOneByOne: Set<ClientID> = []) {
        self.sender = sender
        self.since = since
        self.limit = limit
        self.resumedOneByOne = resumedOneByOne
    }

    /// When it ends by itself, if it has a limit.
    public var endsAt: MonotonicInstant? { limit.map { since + $0 } }
}
