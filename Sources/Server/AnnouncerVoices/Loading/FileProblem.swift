/// Something wrong in a file announcer reads (a voice profile or a flow), with where it is and what to do, for the log and the commands.
public struct FileProblem: Sendable, Hashable, CustomStringConvertible {
    /// The file, as the user named it or as found.
    public var file: String
    /// 1-based line, when the problem has a place in the file.
    public var line: Int?
    /// One sentence saying what is wrong.
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { "\(file), line \(line): \(message)" } else { "\(file): \(message)" }
    }
}
