/// The server's one AT Driver session as a state machine: whether a session is open and which connection holds
/// it, and what each command asks for. It decides; `ATDriverCommandRunner` carries its actions out.
struct ATDriverSession: Sendable {
    /// A connection, as the session tells them apart.
    typealias Connection = ObjectIdentifier

    /// What to do about a message or a closed connection.
    enum Action: Sendable, Equatable {
        /// Answer at once: the command is refused, or needs nothing of the backend.
        case reply(ATDriverReply)
        /// Start capturing speech for the connection that opened the session, then answer with `result`.
        case start(commandID: Int, ATDriverSessionNewResult)
        /// Stop capturing, and answer `{}` when a command asked for it.
        case end(commandID: Int?)
        /// Ask the backend, and answer with what it returns or throws.
        case call(commandID: Int, ATDriverBackendCall)
    }

    /// The open session: its id and the connection it belongs to.
    struct Open: Sendable, Equatable {
        var id: String
        var owner: Connection
    }

    private(set) var open: Open?
    private let makeID: @Sendable () -> String

    /// `makeID` names each new session; the server gives it random UUIDs.
    init(makeID: @escaping @Sendable () -> String) {
        self.makeID = makeID
    }

    /// Decides what a message from `connection` asks for. `identity` is the backend's, which `session.new` matches.
    mutating func receive(_ request: ATDriverRequest, from connection: Connection, identity: ATDriverIdentity) -> Action {
        let command: ATDriverCommand
        switch request.command {
        case let .failure(failure): return .reply(.failure(id: request.id, failure))
        case let .success(read): command = read
        }
        // A command is read only with an id.
        guard let id = request.id else { return .reply(.failure(id: nil, .invalidArgument("The command has no id."))) }
        if !command.isStatic, open?.owner != connection {
            let hint = open == nil ? "start one with session.new first" : "the open session belongs to another connection"
            return .reply(.failure(id: id, .invalidSessionID("This connection has no session; \(hint).")))
        }
        switch command {
        case let .newSession(capabilities):
            if let open {
                let holder = open.owner == connection ? "this connection" : "another connection"
                return .reply(.failure(id: id, .sessionNotCreated(
                    "A session is already open on \(holder); this server runs one at a time. End it with session.end or by closing its connection.")))
            }
            if let mismatch = capabilities.mismatch(with: identity) {
                return .reply(.failure(id: id, .sessionNotCreated(mismatch)))
            }
            let session = Open(id: makeID(), owner: connection)
            open = session
            return .start(commandID: id, ATDriverSessionNewResult(sessionId: session.id, capabilities: .init(identity)))
        case .endSession:
            open = nil
            return .end(commandID: id)
        case let .unknownUserIntent(name):
            return .reply(.failure(id: id, .unknownUserIntent("\(name) is not a user intent this server knows; it knows pressKeys.")))
        case .getSupportedSettings:
            return .call(commandID: id, .supportedSettings)
        case let .getSettings(names):
            return .call(commandID: id, .settings(names: names))
        case let .setSettings(values):
            return .call(commandID: id, .apply(values))
        case let .pressKeys(keys):
            return .call(commandID: id, .pressKeys(keys))
        case let .openPage(url):
            return .call(commandID: id, .openPage(url))
        }
    }

    /// A connection closed: its session, if it held the open one, ends with it.
    mutating func connectionClosed(_ connection: Connection) -> Action? {
        guard open?.owner == connection else { return nil }
        open = nil
        return .end(commandID: nil)
    }

    /// The server is closing: whatever session is open ends.
    mutating func close() -> Action? {
        guard open != nil else { return nil }
        open = nil
        return .end(commandID: nil)
    }
}
