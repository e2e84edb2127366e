import AnnouncerCore
import AnnouncerProtocol
import Synchronization

/// One timeline event as every connection receives it: held once, whatever the number of
/// subscribers, and encoded as a JSON line at most once.
final class SharedEvent: Sendable {
    let event: TimelineEvent
    private let encoded = Mutex<String?>(nil)

    init(_ event: TimelineEvent) { self.event = event }

    /// The event as a JSON-lines event line, encoded on first use.
    var jsonLine: String {
        encoded.withLock { line in
            if let line { return line }
            let made = EventLine(event).encoded
            line = made
            return made
        }
    }
}
