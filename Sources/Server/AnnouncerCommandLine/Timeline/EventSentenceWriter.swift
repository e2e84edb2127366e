public import AnnouncerCore
public import AnnouncerEngine
import AnnouncerProtocol
public import Foundation
import Synchronization

/// Writes a timeline as plain sentences (`--events-text`), from an engine in this process or from the
/// server's event lines, with times in milliseconds since the first event written.
public final class EventSentenceWriter: TimelineObserver {
    private let output: TimelineOutput
    /// The first event's time, in microseconds on the monotonic clock.
    private let origin = Mutex<UInt64?>(nil)

    /// Writes to the file at `path`, or standard output for `-`.
    public init(path: String) throws(EngineError) {
        output = try TimelineOutput(path: path)
    }

    deinit { try? output.file?.close() }

    /// An engine's event.
    public func record(_ event: TimelineEvent) {
        let start = origin.withLock { origin in
            if origin == nil { origin = event.time.microseconds }
            return origin!
        }
        write(TimelineTextWriter.sentence(for: event, origin: MonotonicInstant(microseconds: start)))
    }

    /// One of the server's event lines; any other line is passed over.
    public func write(line: String) {
        guard let event = try? JSONDecoder().decode(EventLine.self, from: Data(line.utf8)) else { return }
        let start = origin.withLock { origin in
            if origin == nil { origin = event.time.microseconds }
            return origin!
        }
        write(EventLineSentence.sentence(for: event, originMicroseconds: start))
    }

    /// Written at once, so an interrupted command loses no line.
    private func write(_ sentence: String) {
        output.write(PlainLineWrapper.fitted(sentence) + "\n")
    }
}
