/// The nearest right name for a command or option that `announce` does not know: the words people
/// try from other tools ("speak", "--language") and misspellings of its own.
enum NameHints {
    /// Words other tools use, and announce's own word for each.
    static let synonyms: [String: String] = [
        "speak": "say", "talk": "say", "tts": "say", "read": "pipe", "stream": "pipe", "watch": "events",
        "log": "events", "info": "status", "list-voices": "voices", "test": "flow", "check": "flow",
        "--language": "--lang", "--locale": "--lang", "--output": "--sink", "--device": "--sink",
        "--audio": "--sink", "--server": "--socket", "--speed": "--rate", "--urgent": "--assertive",
        "--priority": "--assertive or --polite", "--spelling": "--spell", "--voice": "--lang",
    ]

    /// One sentence naming the right name, for the word announce did not know; nil when none is near.
    static func hint(arguments: [String], subcommands: [String], errorMessage: String) -> String? {
        if let option = quoted(after: "Unknown option '", in: errorMessage), !errorMessage.contains("Did you mean") {
            let name = option.split(separator: "=").first.map(String.init) ?? option
            if let right = synonyms[name] { return "Did you mean \(right)?" }
            return nil
        }
        guard let first = arguments.first, !first.hasPrefix("-"), !subcommands.contains(first) else { return nil }
        if let right = synonyms[first.lowercased()] ?? nearest(first.lowercased(), among: subcommands) {
            return "There is no command \"\(first)\"; did you mean announce \(right)?"
        }
        return "There is no command \"\(first)\"; the commands are \(subcommands.joined(separator: ", "))."
    }

    static func quoted(after prefix: String, in text: String) -> String? {
        guard let start = text.range(of: prefix) else { return nil }
        let rest = text[start.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<end])
    }

    /// The closest name, at most two edits away.
    static func nearest(_ word: String, among names: [String]) -> String? {
        names.map { ($0, distance(word, $0)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
