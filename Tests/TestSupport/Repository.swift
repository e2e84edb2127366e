import Foundation

/// Where the repository's files are, for tests that read shipped flows or run the client scripts.
public enum Repository {
    /// The repository's top folder, found from this file's own place (Tests/TestSupport/).
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The path of a file or folder given relative to the top folder, such as `Flows/login.en.yaml`.
    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}

extension String {
    /// Plain output as one line per message: the tools fit long lines to 80 cells by going on in a
    /// line that begins with two spaces, and this joins each such line back to the one before.
    public var unwrapped: String { replacingOccurrences(of: "\n  ", with: " ") }
}
