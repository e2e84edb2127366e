import AnnouncerProtocol
import Glibc
import Logging
import NIOCore
import Synchronization

/// Decides whether a new connection is served, and refuses connections when the process is out of
/// file descriptors instead of spinning on the error: one log line when either starts, one when it ends.
final class ConnectionGate: Sendable {
    /// The most clients served at once; one more is told so in one line and closed.
    let maxClients: Int
    private let logger: Logger
    private let state = Mutex(State())
    /// A descriptor held in reserve, given up to accept and refuse a connection when none are left.
    private let spare = Mutex<CInt>(open("/dev/null", O_RDONLY | O_CLOEXEC))

    private struct State {
        var outOfDescriptorsSince: NIODeadline?
        var refusedSinceFull = 0
    }

    init(maxClients: Int, logger: Logger) {
        self.maxClients = maxClients
        self.logger = logger
    }

    /// Accepting on `listening` failed with `error`. Out of descriptors, SwiftNIO would be woken again at
    /// once for the same waiting connection and spin; so the spare descriptor is given up for a moment,
    /// the waiting connection is accepted, told why in one line and closed, and the spare taken back.
    /// The backlog drains, and the event loop sleeps until the next connection.
    func acceptFailed(_ error: IOError, listening: CInt, ssipOnly: Bool) {
        guard [EMFILE, ENFILE].contains(error.errnoCode) else { return }
        let first = state.withLock { state in
            defer { if state.outOfDescriptorsSince == nil { state.outOfDescriptorsSince = .now() } }
            return state.outOfDescriptorsSince == nil
        }
        if first {
            logger.error(
                "The server has run out of file descriptors: new connections are told so in one line and closed until some are free. Connected clients are still served.",
                metadata: ["server.problem": "\(String(cString: strerror(error.errnoCode)))"]
            )
        }
        spare.withLock { spare in
            if spare >= 0 { close(spare) }
            let accepted = accept(listening, nil, nil)
            if accepted >= 0 {
                let line = ssipOnly
                    ? "421 ERR SERVER OUT OF FILE DESCRIPTORS, TRY AGAIN SOON\r\n"
                    : ReplyHeader.refusalLine(.connect, ProtocolError(.outOfDescriptors, "The server has run out of file descriptors; try again soon.")) + "\n"
                _ = line.withCString { send(accepted, $0, strlen($0), Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                close(accepted)
            }
            spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
        }
    }

    /// A connection was accepted while `connected` clients (this one included) are connected: true to serve it.
    func admit(connected: Int) -> Bool {
        let (pausedSince, refusedBefore, admitted) = state.withLock { state -> (NIODeadline?, Int, Bool) in
            let since = state.outOfDescriptorsSince
            state.outOfDescriptorsSince = nil
            if connected > maxClients {
                state.refusedSinceFull += 1
                return (since, state.refusedSinceFull, false)
            }
            defer { state.refusedSinceFull = 0 }
            return (since, state.refusedSinceFull, true)
        }
        if let pausedSince {
            let waited = (NIODeadline.now() - pausedSince).nanoseconds / 1_000_000
            logger.notice("File descriptors are free again: new connections are served.", metadata: ["descriptors.outage_milliseconds": "\(waited)"])
        }
        if !admitted, refusedBefore == 1 {
            logger.warning("The most clients --max-clients allows are connected: new connections are told so and closed until one leaves.", metadata: ["clients.connected": "\(maxClients)"])
        }
        if admitted, refusedBefore > 0 {
            logger.notice("A client left: new connections are served again.", metadata: ["connections.refused": "\(refusedBefore)"])
        }
        return admitted
    }

    /// The one line a refused connection is sent, in its socket's protocol.
    func refusalLine(ssipOnly: Bool) -> String {
        let sentence = "The server already serves \(maxClients) clients, the most it allows; try again when one has left."
        return ssipOnly
            ? "421 ERR TOO MANY CLIENTS, \(maxClients) ARE CONNECTED\r\n"
            : ReplyHeader.refusalLine(.connect, ProtocolError(.tooManyClients, sentence)) + "\n"
    }
}
