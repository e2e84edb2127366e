@testable import ATDriver
import Synchronization

/// A connection that keeps what it is sent, in order.
final class RecordingConnection: ATDriverConnection {
    private let sent = Mutex<[String]>([])

    func send(_ text: String) { sent.withLock { $0.append(text) } }

    /// What was sent since the last call.
    func take() -> [String] { sent.withLock { sent in defer { sent = [] }; return sent } }
}
