import Foundation
import Spawning

/// The process's standard output and error. A write to standard output that fails because its reader
/// has gone away ends the process with a broken pipe's status; a message nobody reads is dropped.
public struct StandardOutputDestination: OutputDestination {
    public init() {}

    public func writeOutput(_ text: String) {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
        } catch {
            exit(128 + SIGPIPE)
        }
    }

    public func writeError(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }

    public func passOn(_ bytes: UnsafeRawBufferPointer) -> Bool {
        SystemCall.writeAll(STDOUT_FILENO, bytes)
    }
}
