import Synchronization

/// Carries captured speech, as `interaction.capturedOutput` events, to the connection that owns the session,
/// from whatever thread the backend delivers on, until the session ends.
final class ATDriverEventRoute: Sendable {
    private let connection: Mutex<(any ATDriverConnection)?>

    init(to connection: any ATDriverConnection) {
        self.connection = Mutex(connection)
    }

    func deliver(_ output: ATDriverCapturedOutput) {
        let event = ATDriverJSON.text(ATDriverCapturedOutputEvent(output))
        // Sent under the lock, so that once `close` returns no event of this session follows.
        connection.withLock { $0?.send(event) }
    }

    func close() {
        connection.withLock { $0 = nil }
    }
}
