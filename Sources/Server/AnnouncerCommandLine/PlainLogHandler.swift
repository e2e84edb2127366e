import Foundation
public import Logging

/// Log lines that read well aloud and on a braille display: the program's name, the level
/// when it is not plain information, the message, then its metadata as plain words. No timestamps
/// (journald adds its own), no colours, no cursor movement, no braces.
///
/// The metadata follows the message as one more sentence, in the order of its keys: each key with its
/// dots and underscores read as spaces, then its value as it is, the pairs parted by semicolons, since
/// a value may hold commas. `announcerd error: The audio device stopped working. Audio device
/// alsa:default; audio problem Writing to the audio device "default" failed (input/output error).`
/// A line longer than 80 characters is broken at spaces, its later lines indented by two spaces.
public struct PlainLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let program: String
    private let output: @Sendable (String) -> Void

    /// Writes to standard error.
    public init(program: String, level: Logger.Level, metadataProvider: Logger.MetadataProvider? = nil) {
        self.init(program: program, level: level, metadataProvider: metadataProvider) { line in
            try? FileHandle.standardError.write(contentsOf: Data(line.utf8))
        }
    }

    /// Hands each line, ending in a newline, to `output`.
    public init(
        program: String, level: Logger.Level, metadataProvider: Logger.MetadataProvider? = nil,
        output: @escaping @Sendable (String) -> Void
    ) {
        self.program = program
        self.logLevel = level
        self.metadataProvider = metadataProvider
        self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, new in new } }
        if let own = event.metadata { all.merge(own) { _, new in new } }
        if let error = event.error { all["error"] = "\(error)" }
        output(Self.line(program: program, level: event.level, message: "\(event.message)", metadata: all))
    }

    /// One log line, newline included.
    static func line(program: String, level: Logger.Level, message: String, metadata: Logger.Metadata) -> String {
        let levelWord = level == .info || level == .notice ? "" : " \(level.rawValue)"
        var line = "\(program)\(levelWord): \(Self.oneLine(message))"
        if !metadata.isEmpty {
            if !line.endsSentence { line += "." }
            let pairs = metadata.sorted { $0.key < $1.key }.map { key, value in
                let value = Self.oneLine(Self.words(value))
                return value.isEmpty ? Self.words(key: key) : "\(Self.words(key: key)) \(value)"
            }
            var sentence = pairs.joined(separator: "; ")
            if let first = sentence.first { sentence.replaceSubrange(...sentence.startIndex, with: first.uppercased()) }
            line += " " + sentence
            if !line.endsSentence { line += "." }
        }
        // One event is one entry, broken at spaces to fit a braille display: the lines after the
        // first begin with two spaces, so a reader (and a log filter) knows they go on the one before.
        return PlainLineWrapper.fitted(line) + "\n"
    }

    /// A value as it is: a list with commas, a nested dictionary as its own key-and-value words.
    private static func words(_ value: Logger.MetadataValue) -> String {
        switch value {
        case let .string(text): text
        case let .stringConvertible(convertible): convertible.description
        case let .array(values): values.map(words).joined(separator: ", ")
        case let .dictionary(entries): entries.sorted { $0.key < $1.key }.map { "\(words(key: $0.key)) \(words($0.value))" }.joined(separator: ", ")
        }
    }

    /// `audio.device` as `audio device`, `sample_rate` as `sample rate`.
    private static func words(key: String) -> String {
        String(key.map { $0 == "." || $0 == "_" ? " " : $0 })
    }

    /// Line breaks as spaces, so one event is one line.
    private static func oneLine(_ text: String) -> String {
        text.contains(where: \.isNewline) ? String(text.map { $0.isNewline ? " " : $0 }) : text
    }
}

extension String {
    fileprivate var endsSentence: Bool { last.map { ".!?".contains($0) } ?? false }
}
