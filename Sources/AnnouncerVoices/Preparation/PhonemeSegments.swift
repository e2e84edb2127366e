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

    /// Breaks every `[[` in a client's text so eSpeak never reads it as phoneme input, and turns control
    /// characters other than tab and line breaks into spaces: libespeak-ng 1.51 reads past the end of a
    /// text that ends in some of them.
    public static func neutralize(_ text: String) -> String {
        var result = text
        if result.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && !"\t\n\r".unicodeScalars.contains($0) }) {
            result = String(String.UnicodeScalarView(result.unicodeScalars.map {
                $0.properties.generalCategory == .control && !"\t\n\r".unicodeScalars.contains($0) ? " " : $0
            }))
        }
        guard result.contains("[[") else { return result }
        while result.contains("[[") { result = result.replacingOccurrences(of: "[[", with: "[ [") }
        return result
    }
}
