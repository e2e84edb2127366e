import Foundation
import Logging

/// Log lines that read well aloud and on a braille display: the program's name, the level
/// when it is not plain information, and the message. No timestamps (journald adds its own),
/// no colours, no cursor movement.
public struct PlainLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    private let program: String

    public init(program: String, level: Logger.Level) {
        self.program = program
        self.logLevel = level
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let level = event.level == .info || event.level == .notice ? "" : " \(event.level.rawValue)"
        let line = "\(program)\(level): \(event.message)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
