/// The index marks Orca's speech server (Debian's `orca`, speechdispatcherfactory.py, `_speak`) puts
/// into a text without numbers before it sends it to Speech Dispatcher, for tests to compare with.
public enum OrcaMarks {
    /// The marks before each word of `text`, in order: `start:end`, offsets in Unicode scalars with the
    /// end exclusive.
    public static func marks(for text: String) -> [String] {
        var marks: [String] = []
        var wordStart: Int?
        var count = 0
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            let space = scalar.properties.isWhitespace
            if !space, wordStart == nil {
                wordStart = offset
            } else if space, let start = wordStart {
                marks.append("\(start):\(offset)")
                wordStart = nil
            }
            count = offset + 1
        }
        if let start = wordStart { marks.append("\(start):\(count)") }
        return marks
    }
}
