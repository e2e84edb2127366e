public import AnnouncerEngine
import Foundation

/// Where a timeline writer writes: standard output for `-`, else a file created or truncated now.
struct TimelineOutput {
    let handle: FileHandle
    /// True for a file of the writer's own, which it closes; never for standard output.
    let isFile: Bool

    init(path: String) throws(EngineError) {
        if path == "-" {
            handle = .standardOutput
            isFile = false
        } else {
            guard FileManager.default.createFile(atPath: path, contents: nil),
                  let opened = FileHandle(forWritingAtPath: path) else {
                throw .eventsFileUnwritable(path: path)
            }
            handle = opened
            isFile = true
        }
    }
}
