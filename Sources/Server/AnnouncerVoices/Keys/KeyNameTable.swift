public import AnnouncerCore

/// How a language names keys for SSIP's `KEY`: `control_alt_delete` is "control alt delete", "kontroll alt slett".
///
/// A key in Speech Dispatcher's naming is one or more key names joined by `_`, modifiers first
/// (`shift_a`, `control_alt_delete`, `shift_kp-enter`). Each name is read by the table; a name it
/// lacks is read by the spelling table when it is one character (`a`, `"`), as "F 5" for a function
/// key, as the keypad's word and the rest for `kp-…`, and as its words otherwise, so no key is ever silent.
public struct KeyNameTable: Sendable, Equatable {
    /// Spoken names by key name in small letters: `control`, `kp-enter`, `double-quote`; `kp` is the keypad's word.
    public var names: [String: String] = [:]

    public init(names: [String: String] = [:]) { self.names = names }

    /// What eSpeak is given for `key`; characters are named by `spelling`, capitals marked as `capitals` says.
    public func read(_ key: String, spelling: SpellingTable, capitals: CapitalLetters = .spoken) -> String {
        // A lone "_" is the underscore key itself, not an empty combination.
        let parts = key == "_" ? ["_"] : key.split(separator: "_").map(String.init)
        return parts.map { part($0, spelling: spelling, capitals: capitals) }.joined(separator: " ")
    }

    private func part(_ name: String, spelling: SpellingTable, capitals: CapitalLetters) -> String {
        if name.count == 1, let character = name.first {
            return names[name] ?? spelling.item(for: character, capitals: capitals)
        }
        let lowered = name.lowercased()
        if let spoken = names[lowered] { return spoken }
        if lowered.hasPrefix("kp-"), lowered.count > 3 {
            return "\(names["kp"] ?? "keypad") \(part(String(name.dropFirst(3)), spelling: spelling, capitals: capitals))"
        }
        if lowered.first == "f", lowered.count > 1, lowered.dropFirst().allSatisfy(\.isNumber) {
            return "F \(lowered.dropFirst())"
        }
        // A name the table lacks is read as words; [[ is broken so a client can never send phonemes.
        return PhonemeSegments.neutralize(name.replacing("-", with: " "))
    }
}

extension KeyNameTable {
    /// Reads a `keys:` section over this one: each entry adds or replaces a name (`null` or `~` removes one).
    mutating func read(_ node: YAMLNode) {
        guard let entries = node.mapping() else { return }
        for (key, value) in entries {
            let name = key.count == 1 ? key : key.lowercased()
            if value.isNull {
                names[name] = nil
                continue
            }
            guard let spoken = value.string() else { continue }
            guard !spoken.allSatisfy(\.isWhitespace) else {
                value.report("The name of the key \"\(key.prefix(20))\" is empty; give the words to say, or null to remove the name.")
                continue
            }
            guard PhonemeSegments.isBalanced(spoken) else {
                value.report("The name of the key \"\(key.prefix(20))\" opens or closes [[ ]] without the other; phonemes go inside both.")
                continue
            }
            names[name] = spoken
        }
    }
}
