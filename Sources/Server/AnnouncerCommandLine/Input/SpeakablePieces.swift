/// Splits a text longer than a limit in UTF-8 bytes into pieces within it, at spaces, so that a long
/// line (a compiler's command line) is spoken in parts rather than refused. A word longer than the
/// limit is cut between Unicode scalars, which never breaks a character's bytes.
public enum SpeakablePieces {
    /// The pieces of `text`, in order, each at most `limit` bytes of UTF-8; the text itself when it fits.
    public static func split(_ text: String, limit: Int) -> [String] {
        precondition(limit >= 4, "A limit under 4 bytes cannot hold every Unicode scalar.")
        guard text.utf8.count > limit else { return [text] }
        var pieces: [String] = []
        var current = ""
        func flush() {
            if !current.isEmpty { pieces.append(current) }
            current = ""
        }
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if word.utf8.count > limit {
                flush()
                for scalar in word.unicodeScalars {
                    if current.utf8.count + String(scalar).utf8.count > limit { flush() }
                    current.unicodeScalars.append(scalar)
                }
            } else if current.isEmpty {
                current = String(word)
            } else if current.utf8.count + 1 + word.utf8.count <= limit {
                current += " " + word
            } else {
                flush()
                current = String(word)
            }
        }
        flush()
        return pieces
    }
}
