import Foundation

/// How a real screen reader's phrases are compared with a flow's expectation: case, punctuation and
/// spacing aside, and however the reader split its speech into utterances (Orca sends "Sandwich
/// Condiments panel." and "List with 2 items." apart, and a flow may write them as one).
public enum ReaderPhrasing {
    /// The phrases joined, in lower case, with punctuation dropped and spaces collapsed.
    public static func normalized(_ phrases: [String]) -> String {
        let joined = phrases.joined(separator: " ").lowercased()
        let kept = joined.unicodeScalars.map { scalar -> Character in
            CharacterSet.punctuationCharacters.contains(scalar) || CharacterSet.symbols.contains(scalar) ? " " : Character(scalar)
        }
        return String(kept).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Whether what the reader said is what was expected.
    public static func matches(expected: [String], said: [String]) -> Bool {
        normalized(expected) == normalized(said)
    }
}
