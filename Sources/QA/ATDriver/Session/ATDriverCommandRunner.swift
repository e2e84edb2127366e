import Dispatch
import Foundation
import Logging

/// Carries out the session's actions against the backend on one serial queue of its own: blocking calls such as
/// key presses never hold up an event loop, one backend sees one call at a time, and since every message takes
/// the same queue, each connection's answers leave in the order of its commands.
final class ATDriverCommandRunner: @unchecked Sendable {
    // @unchecked: `session` and `route` are touched only on `queue`; the rest never changes.
    private let queue = DispatchQueue(label: "announcer.at-driver.backend", qos: .userInitiated)
    private let backend: any ATDriverBackend
    private let logger: Logger
    private var session: ATDriverSession
    private var route: ATDriverEventRoute?

    init(backend: any ATDriverBackend, logger: Logger, makeSessionID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }) {
        self.backend = backend
        self.logger = logger
        session = ATDriverSession(makeID: makeSessionID)
    }

    /// Serves one text frame's bytes from `connection`.
    func receive(_ json: [UInt8], from connection: any ATDriverConnection) {
        queue.async { self.serve(ATDriverRequest(json: json), from: connection) }
    }

    /// Serves a binary frame from `connection`: the specification answers it as an invalid argument.
    func receiveBinary(from connection: any ATDriverConnection) {
        queue.async { self.serve(.binaryFrame, from: connection) }
    }

    /// `connection` closed: its session, if it has one, ends.
    func connectionClosed(_ connection: any ATDriverConnection) {
        queue.async {
            guard let action = self.session.connectionClosed(ObjectIdentifier(connection)) else { return }
            self.perform(action, for: connection)
        }
    }

    /// Ends any open session, after every message already received has been served. Blocks until done.
    func close() {
        queue.sync {
            if session.close() != nil { endSession(commandID: nil, connection: nil) }
        }
    }

    /// Waits until every message received so far has been served.
    func waitUntilIdle() {
        queue.sync {}
    }

    private func serve(_ request: ATDriverRequest, from connection: any ATDriverConnection) {
        dispatchPrecondition(condition: .onQueue(queue))
        logger.debug("AT Driver command received.", metadata: [
            "command.id": "\(request.id.map(String.init) ?? "null")", "command.method": "\(request.method ?? "none")",
        ])
        perform(session.receive(request, from: ObjectIdentifier(connection), identity: backend.identity), for: connection)
    }

    private func perform(_ action: ATDriverSession.Action, for connection: any ATDriverConnection) {
        switch action {
        case let .reply(reply):
            send(reply, to: connection)
        case let .start(commandID, result):
            let route = ATDriverEventRoute(to: connection)
            self.route = route
            backend.startCapturing { route.deliver($0) }
            logger.info("AT Driver session started.", metadata: ["session.id": "\(result.sessionId)"])
            send(.success(id: commandID, .sessionNew(result)), to: connection)
        case let .end(commandID):
            endSession(commandID: commandID, connection: connection)
        case let .call(commandID, call):
            do throws(ATDriverFailure) {
                send(.success(id: commandID, try run(call)), to: connection)
            } catch {
                send(.failure(id: commandID, error), to: connection)
            }
        }
    }

    private func endSession(commandID: Int?, connection: (any ATDriverConnection)?) {
        route?.close()
        route = nil
        backend.stopCapturing()
        logger.info("AT Driver session ended.")
        if let commandID, let connection { send(.success(id: commandID, .empty), to: connection) }
    }

    private func run(_ call: ATDriverBackendCall) throws(ATDriverFailure) -> ATDriverResult {
        switch call {
        case let .pressKeys(keys):
            try backend.pressKeys(keys)
            return .empty
        case let .openPage(url):
            try backend.openPage(url)
            return .empty
        case .supportedSettings:
            return .supportedSettings(backend.supportedSettings())
        case let .settings(names):
            return .settings(try backend.supportedSettings().values(named: names))
        case let .apply(changes):
            try backend.supportedSettings().check(changes)
            try backend.apply(changes)
            return .empty
        }
    }

    private func send(_ reply: ATDriverReply, to connection: any ATDriverConnection) {
        if case let .failure(id, failure) = reply {
            logger.debug("AT Driver command refused.", metadata: [
                "command.id": "\(id.map(String.init) ?? "null")", "error.code": "\(failure.code.rawValue)", "error.message": "\(failure.message)",
            ])
        }
        connection.send(ATDriverJSON.text(reply))
    }
}
