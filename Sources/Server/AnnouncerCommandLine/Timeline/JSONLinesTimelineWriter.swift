public import AnnouncerCore
public import AnnouncerEngine
import AnnouncerProtocol
import Foundation

/// Writes the timeline as JSON Lines to a file or standard output, off the scheduler's queue.
public final class JSONLinesTimelineWriter: TimelineObserver {
    private let output: FileHandle
    private let closesOutput: Bool
    private let queue = DispatchQueue(label: "announcer.timeline-writer")

    /// Writes to standard output when `path` is `-`, else creates or truncates the file.
    public init(path: String) throws(EngineError) {
        let opened = try TimelineOutput(path: path)
        output = opened.handle
        closesOutput = opened.isFile
    }

    public func record(_ event: TimelineEvent) {
        write(line: EventLine(event).encoded)
    }

    /// Writes one line that is already JSON, such as an event relayed from the server.
    public func write(line: String) {
        let data = Data((line + "\n").utf8)
        queue.async { [output] in try? output.write(contentsOf: data) }
    }

    /// Waits until every event recorded so far is written.
    public func flush() {
        queue.sync {}
        if closesOutput { try? output.synchronize() }
    }
}
