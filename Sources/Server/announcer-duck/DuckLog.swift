import Glibc

/// The ducker's log: one plain entry on standard error, which is announcerd's log, broken at spaces into
/// lines of at most 80 characters, the later ones indented by two spaces, as announcerd's own entries are.
enum DuckLog {
    static let width = 80

    static func say(_ sentence: String) {
        let text = lines(of: "announcer-duck: \(sentence)").joined(separator: "\n") + "\n"
        _ = Array(text.utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// `entry` broken at spaces; a word longer than a line stays whole.
    static func lines(of entry: String) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in entry.split(separator: " ") {
            let prefix = current.isEmpty ? (lines.isEmpty ? "" : "  ") : current + " "
            if !current.isEmpty, prefix.count + word.count > width {
                lines.append(current)
                current = "  " + word
            } else {
                current = prefix + word
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
