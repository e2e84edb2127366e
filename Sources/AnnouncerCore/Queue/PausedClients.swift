/// Which clients are paused: some by name, or everyone but the clients resumed one by one since.
public enum PausedClients: Sendable, Hashable {
    /// These clients are paused, and no others.
    case only(Set<ClientID>)
    /// Every client is paused, including clients that appear while the pause lasts, but these, which
    /// were resumed one by one.
    case allExcept(Set<ClientID>)

    /// No client is paused.
    public static let nobody = PausedClients.only([])

    /// True when `client`'s announcements do not start.
    public func contains(_ client: ClientID) -> Bool {
        switch self {
        case let .only(paused): paused.contains(client)
        case let .allExcept(resumed): !resumed.contains(client)
        }
    }

    /// True when every client is paused but those resumed one by one, including clients not seen yet.
    public var includesEveryone: Bool {
        if case .allExcept = self { true } else { false }
    }

    /// Pauses one client, or everyone; pausing everyone forgets who was paused one by one.
    mutating func pause(_ target: PauseTarget) {
        switch (self, target) {
        case let (.only(paused), .client(client)): self = .only(paused.union([client]))
        case let (.allExcept(resumed), .client(client)): self = .allExcept(resumed.subtracting([client]))
        case (_, .all): self = .allExcept([])
        }
    }

    /// Resumes one client, or everyone; resuming one while everyone is paused makes it an exception.
    mutating func resume(_ target: PauseTarget) {
        switch (self, target) {
        case let (.only(paused), .client(client)): self = .only(paused.subtracting([client]))
        case let (.allExcept(resumed), .client(client)): self = .allExcept(resumed.union([client]))
        case (_, .all): self = .nobody
        }
    }
}
