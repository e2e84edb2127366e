extension StringProtocol {
    /// Without the whitespace at either end.
    var trimmed: SubSequence {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }

    /// Whether it is only whitespace, or empty.
    var isBlank: Bool { unicodeScalars.allSatisfy(\.properties.isWhitespace) }

    /// Its words with one space between them, none at either end. Whitespace is found by Unicode
    /// scalar, not by `Character`: a combining mark after whitespace is a character of its own and
    /// would, after a space, join it into a `Character` that counts as whitespace, so the run would
    /// seem to end in a space.
    var collapsingWhitespace: String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            }
        }
        return String(result)
    }
}
