/// Breaks a long line of plain output at spaces, so that each line fits a braille display of 80
/// cells: the first line carries the verdict ("FAIL: …"), and each line after it begins with two
/// spaces, so a reader knows it goes on the line before. A word longer than the width stays whole.
public enum PlainLineWrapper {
    public static let width = 80

    /// The line fitted to the width, its pieces joined by newlines, for writing out whole.
    public static func fitted(_ line: String, width: Int = width) -> String {
        wrap(line, width: width).joined(separator: "\n")
    }

    public static func wrap(_ line: String, width: Int = width) -> [String] {
        guard line.count > width else { return [line] }
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            let prefix = lines.isEmpty ? "" : "  "
            if current.isEmpty {
                current = prefix + word
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = "  " + word
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
