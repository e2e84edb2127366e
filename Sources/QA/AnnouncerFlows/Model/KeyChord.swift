import Foundation

/// One press of the keyboard: modifiers held while one key goes down and up, such as `Shift+Tab`.
/// Written in flow files and on the command line as the keys' names joined by `+`; sent to a page as
/// DevTools key events, or at the X level, where a real screen reader hears it.
public struct KeyChord: Sendable, Hashable, CustomStringConvertible {
    public var modifiers: [Key]
    public var key: Key

    public init(modifiers: [Key] = [], key: Key) {
        self.modifiers = modifiers
        self.key = key
    }

    /// Reads `Tab`, `Shift+Tab`, `Control+Home`, `ArrowDown`, `a` or `+`; nil, with the reason, otherwise.
    public static func parse(_ text: String) -> Result<KeyChord, KeyChordProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .failure(.empty) }
        // A lone "+" is the plus key; "Shift++" is Shift with it.
        var names = trimmed == "+" ? ["+"] : trimmed.split(separator: "+", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
        if trimmed.hasSuffix("++") { names = Array(names.dropLast(2)) + ["+"] }
        var keys: [Key] = []
        for name in names {
            guard let key = Key(name: name) else { return .failure(.unknownKey(name)) }
            keys.append(key)
        }
        let last = keys.removeLast()
        if let notModifier = keys.first(where: { !$0.isModifier }) { return .failure(.notAModifier(notModifier.name)) }
        return .success(KeyChord(modifiers: keys, key: last))
    }

    public var description: String { (modifiers + [key]).map(\.name).joined(separator: "+") }

    /// Whether Shift is held.
    public var hasShift: Bool { modifiers.contains(.shift) }
}

/// Why a key chord could not be read, in one sentence.
public enum KeyChordProblem: Error, Equatable, CustomStringConvertible {
    case empty
    case unknownKey(String)
    case notAModifier(String)

    public var description: String {
        switch self {
        case .empty: "No key is named."
        case let .unknownKey(name): "\"\(name)\" is not a key announce knows; use names such as Tab, Enter, Space, Escape, ArrowDown, Home, PageUp, F6, Shift, Control, Alt, or one character."
        case let .notAModifier(name): "\(name) is not a modifier, so it cannot be held with another key; only Shift, Control, Alt and Meta can."
        }
    }
}
