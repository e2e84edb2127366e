public import AnnouncerFlows

/// The WebDriver key code points (W3C WebDriver, "Keyboard actions"), which AT Driver's `pressKeys` uses,
/// as keys: `"\u{E004}"` is Tab. Any other character is the key that types it.
public enum WebDriverKeys {
    static let codePoints: [UInt32: Key] = [
        0xE003: .backspace, 0xE004: .tab, 0xE006: .enter, 0xE007: .enter, 0xE008: .shift, 0xE009: .control,
        0xE00A: .alt, 0xE00C: .escape, 0xE00D: .space, 0xE00E: .pageUp, 0xE00F: .pageDown, 0xE010: .end,
        0xE011: .home, 0xE012: .arrowLeft, 0xE013: .arrowUp, 0xE014: .arrowRight, 0xE015: .arrowDown,
        0xE016: .insert, 0xE017: .delete, 0xE03D: .meta,
        // The right-hand twins.
        0xE050: .shift, 0xE051: .control, 0xE052: .alt, 0xE053: .meta,
        0xE054: .pageUp, 0xE055: .pageDown, 0xE056: .end, 0xE057: .home,
        0xE058: .arrowLeft, 0xE059: .arrowUp, 0xE05A: .arrowRight, 0xE05B: .arrowDown, 0xE05C: .insert, 0xE05D: .delete,
    ]

    /// The key a WebDriver key string names; nil for a string that is not one key.
    public static func key(_ text: String) -> Key? {
        guard text.count == 1, let character = text.first, let scalar = character.unicodeScalars.first else { return nil }
        if let named = codePoints[scalar.value] { return named }
        if (0xE031...0xE03C).contains(scalar.value) { return .function(Int(scalar.value - 0xE031) + 1) }
        // The private-use area holds only WebDriver's keys: one not listed is not a key announce can send.
        if (0xE000...0xF8FF).contains(scalar.value) { return nil }
        return character == " " ? .space : .character(character)
    }

    /// The keys as one chord: the modifiers held while the last key is pressed. Keys that are not modifiers
    /// before the last are pressed with it, in order, as WebDriver presses them.
    public static func chord(_ keys: [String]) -> KeyChord? {
        let parsed = keys.map(key)
        guard !parsed.isEmpty, parsed.allSatisfy({ $0 != nil }) else { return nil }
        let all = parsed.compactMap { $0 }
        return KeyChord(modifiers: Array(all.dropLast()), key: all.last!)
    }
}
