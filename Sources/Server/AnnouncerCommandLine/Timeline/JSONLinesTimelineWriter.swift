public import AnnouncerCore
public import AnnouncerEngine
import AnnouncerProtocol
import Foundation

/// Writes the timeline as JSON Lines to a file or standard output, off the scheduler's queue.
public final class JSONLinesTimelineWriter: TimelineObserver {
    private let output: TimelineOutput
    private let queue = DispatchQueue(label: "announcer.timeline-writer")

    /// Writes to standard output when `path` is `-`, else creates or truncates the file.
    public init(path: String) throws(EngineError) {
        output = try TimelineOutput(path: path)
    }

    public func record(_ event: TimelineEvent) {
        write(line: EventLine(event).encoded)
    }

    /// Writes one line that is already JSON, such as an event relayed from the server.
    public func write(line: String) {
        queue.async { [output] in output.write(line + "\n") }
    }

    /// Waits until every event recorded so far is written.
    public func flush() {
        queue.sync {}
        try? output.file?.synchronize()
    }
}
