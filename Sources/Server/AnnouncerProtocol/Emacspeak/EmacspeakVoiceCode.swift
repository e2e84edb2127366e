/// Emacspeak's voice codes for its eSpeak server (`c {<voice gender="female" variant="1"><prosody pitch="60">}`),
/// made into SSML that wraps the next queued text: only `voice` and `prosody` tags are kept, with
/// the attributes announcer reads, and each is closed after the text.
enum EmacspeakVoiceCode {
    /// The opening and closing tags for `code`; none for anything else in it.
    static func tags(_ code: String) -> (open: String, close: String) {
        var open = ""
        var close = ""
        for tag in openingTags(in: code) {
            var kept: [String] = []
            for (name, value) in tag.attributes {
                switch (tag.name, name) {
                case ("voice", "gender"), ("voice", "age"), ("voice", "name"), ("voice", "xml:lang"),
                     ("prosody", "rate"), ("prosody", "volume"):
                    kept.append("\(name)=\"\(EmacspeakSession.escaped(value))\"")
                case ("prosody", "pitch"):
                    // eSpeak's absolute pitch, 0 to 100 with 50 its normal, as a percentage of the voice's.
                    if let number = Double(value), number.isFinite {
                        kept.append("pitch=\"\(Int((min(100, max(0, number)) * 2).rounded()))%\"")
                    } else {
                        kept.append("pitch=\"\(EmacspeakSession.escaped(value))\"")
                    }
                default:
                    break
                }
            }
            guard !kept.isEmpty else { continue }
            open += "<\(tag.name) \(kept.joined(separator: " "))>"
            close = "</\(tag.name)>" + close
        }
        return (open, close)
    }

    /// The `voice` and `prosody` opening tags of `code`, in order, with their attributes.
    static func openingTags(in code: String) -> [(name: String, attributes: [(String, String)])] {
        var tags: [(String, [(String, String)])] = []
        var rest = Substring(code)
        while let start = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: start)...]
            guard let end = rest.firstIndex(of: ">") else { break }
            let body = rest[..<end]
            rest = rest[rest.index(after: end)...]
            let parts = body.split(separator: " ", maxSplits: 1)
            guard let name = parts.first.map({ $0.lowercased() }), name == "voice" || name == "prosody" else { continue }
            tags.append((name, attributes(parts.count > 1 ? parts[1] : "")))
        }
        return tags
    }

    /// `name="value"` pairs, in double or single quotes.
    private static func attributes(_ text: Substring) -> [(String, String)] {
        var pairs: [(String, String)] = []
        var rest = text
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].trimmingCharacters(in: " \t/").lowercased()
            rest = rest[rest.index(after: equals)...].drop { $0 == " " }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { break }
            rest = rest.dropFirst()
            guard let close = rest.firstIndex(of: quote) else { break }
            pairs.append((name, String(rest[..<close])))
            rest = rest[rest.index(after: close)...]
        }
        return pairs
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
