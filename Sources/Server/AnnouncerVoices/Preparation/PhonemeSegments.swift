import Foundation

/// Text for eSpeak split into plain runs and `[[phoneme]]` runs, so later steps leave phonemes alone.
public enum PhonemeSegments {
    /// One run of prepared text.
    public enum Segment: Equatable, Sendable {
        case plain(Substring)
        /// The whole `[[…]]`, brackets included.
        case phonemes(Substring)
    }

    /// The runs of `text`, in order; an unclosed `[[` is plain text.
    public static func split(_ text: String) -> [Segment] {
        var segments: [Segment] = []
        var rest = text[...]
        while let open = rest.range(of: "[["), let close = rest[open.upperBound...].range(of: "]]") {
            if open.lowerBound > rest.startIndex { segments.append(.plain(rest[..<open.lowerBound])) }
            segments.append(.phonemes(rest[open.lowerBound..<close.upperBound]))
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { segments.append(.plain(rest)) }
        return segments
    }

    /// Applies `transform` to the plain runs only.
    public static func mapPlain(_ text: String, _ transform: (Substring) -> String) -> String {
        guard text.contains("[[") else { return transform(text[...]) }
        return split(text).map { segment in
            switch segment {
            case let .plain(run): transform(run)
            case let .phonemes(run): String(run)
            }
        }.joined()
    }

    /// True when every `[[` in `text` is closed by a `]]` and no `]]` stands outside a run: what a
    /// profile's replacement, name or template must be, or eSpeak would read the rest of the
    /// announcement (the client's text) as phonemes.
    public static func isBalanced(_ text: String) -> Bool {
        split(text).allSatisfy { segment in
            guard case let .plain(run) = segment else { return true }
            return !containsBracketPair(run)
        }
    }

    /// True when `text` holds `[[` or `]]` as scalars, as eSpeak reads it.
    static func containsBracketPair(_ text: Substring) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == previous, byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") { return true }
            previous = byte
        }
        return false
    }

    /// Breaks every `[[` in a client's text so eSpeak never reads it as phoneme input, and turns control
    /// characters other than tab and line breaks into spaces: libespeak-ng 1.51 reads past the end of a
    /// text that ends in some of them.
    ///
    /// It works on Unicode scalars, as eSpeak reads the bytes: `[[` followed by a combining mark is the
    /// two Characters `[` and `[́`, which `String.contains("[[")` does not find, yet eSpeak still sees `[[`.
    public static func neutralize(_ text: String) -> String {
        let text = withoutControlCharacters(text)
        let bracket = UInt8(ascii: "[")
        var previousWasBracket = false
        guard text.utf8.contains(where: { byte in
            defer { previousWasBracket = byte == bracket }
            return previousWasBracket && byte == bracket
        }) else { return text }
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == "[", previous == "[" { result.append(" ") }
            result.append(scalar)
            previous = scalar
        }
        return String(result)
    }

    /// Control characters other than tab and line breaks, as spaces.
    static func withoutControlCharacters(_ text: String) -> String {
        func isStray(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.generalCategory == .control && scalar != "\t" && scalar != "\n" && scalar != "\r"
        }
        guard text.unicodeScalars.contains(where: isStray) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isStray($0) ? " " : $0 }))
    }
}
