public import AnnouncerEngine
import Foundation

/// Where a timeline writer writes: standard output for `-`, else a file created or truncated now.
struct TimelineOutput: Sendable {
    /// The file of the writer's own, which it closes; nil for standard output.
    let file: FileHandle?
    /// Standard output as the command that opened it had it (`PlainOutput.destination`), kept because
    /// the writer writes from other threads, which do not see a test's destination.
    private let standardOutput: any OutputDestination

    init(path: String) throws(EngineError) {
        standardOutput = PlainOutput.destination
        if path == "-" {
            file = nil
        } else {
            guard FileManager.default.createFile(atPath: path, contents: nil),
                  let opened = FileHandle(forWritingAtPath: path) else {
                throw .eventsFileUnwritable(path: path)
            }
            file = opened
        }
    }

    /// Writes `text`; a reader that has gone away costs only the text.
    func write(_ text: String) {
        if let file {
            try? file.write(contentsOf: Data(text.utf8))
        } else {
            standardOutput.passOn(text)
        }
    }
}
