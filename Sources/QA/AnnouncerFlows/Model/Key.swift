/// One key of the keyboard, by its DOM `key` name (`Tab`, `ArrowDown`, `Shift`), or the character it types.
public enum Key: Sendable, Hashable {
    case tab, enter, space, escape, backspace, delete, insert
    case arrowUp, arrowDown, arrowLeft, arrowRight
    case home, end, pageUp, pageDown
    case function(Int)
    case shift, control, alt, meta, capsLock
    /// A key that types one character, such as `a`, `ø` or `?`.
    case character(Character)

    /// Every named key with its name, in the DOM's spelling.
    static let named: [(String, Key)] = [
        ("Tab", .tab), ("Enter", .enter), ("Space", .space), ("Escape", .escape), ("Backspace", .backspace),
        ("Delete", .delete), ("Insert", .insert), ("ArrowUp", .arrowUp), ("ArrowDown", .arrowDown),
        ("ArrowLeft", .arrowLeft), ("ArrowRight", .arrowRight), ("Home", .home), ("End", .end),
        ("PageUp", .pageUp), ("PageDown", .pageDown), ("Shift", .shift), ("Control", .control), ("Alt", .alt),
        ("Meta", .meta), ("CapsLock", .capsLock),
    ] + (1...12).map { ("F\($0)", Key.function($0)) }

    /// Other spellings people write: `Esc`, `Ctrl`, `Return`, `Down`, a space itself.
    static let aliases: [String: Key] = [
        "esc": .escape, "ctrl": .control, "return": .enter, "up": .arrowUp, "down": .arrowDown, "left": .arrowLeft,
        "right": .arrowRight, "pgup": .pageUp, "pgdn": .pageDown, "del": .delete, "ins": .insert, "super": .meta,
        "spacebar": .space, "option": .alt, "cmd": .meta, " ": .space,
    ]

    /// The key of a name, matched without regard to case, or one character.
    public init?(name: String) {
        if let match = Self.named.first(where: { $0.0.caseInsensitiveCompare(name) == .orderedSame }) {
            self = match.1
        } else if let alias = Self.aliases[name.lowercased()] {
            self = alias
        } else if name.count == 1, let character = name.first {
            self = .character(character)
        } else {
            return nil
        }
    }

    /// The DOM name, or the character.
    public var name: String {
        if case let .character(character) = self { return String(character) }
        return Self.named.first { $0.1 == self }!.0
    }

    public var isModifier: Bool { [.shift, .control, .alt, .meta].contains(self) }

    /// The X keysym of the key, for sending it through XTest (X11's `keysymdef.h`): Latin-1 characters
    /// are their own code, other characters their code point plus 0x01000000.
    public var keysym: UInt32 {
        switch self {
        case .tab: 0xFF09
        case .enter: 0xFF0D
        case .space: 0x20
        case .escape: 0xFF1B
        case .backspace: 0xFF08
        case .delete: 0xFFFF
        case .insert: 0xFF63
        case .arrowLeft: 0xFF51
        case .arrowUp: 0xFF52
        case .arrowRight: 0xFF53
        case .arrowDown: 0xFF54
        case .home: 0xFF50
        case .end: 0xFF57
        case .pageUp: 0xFF55
        case .pageDown: 0xFF56
        case let .function(number): 0xFFBE + UInt32(number - 1)
        case .shift: 0xFFE1
        case .control: 0xFFE3
        case .alt: 0xFFE9
        case .meta: 0xFFEB
        case .capsLock: 0xFFE5
        case let .character(character):
            character == "\n" ? 0xFF0D : Self.keysym(of: character)
        }
    }

    private static func keysym(of character: Character) -> UInt32 {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        let code = scalar.value
        return (0x20...0x7E).contains(code) || (0xA0...0xFF).contains(code) ? code : 0x0100_0000 + code
    }

    /// What DevTools' `Input.dispatchKeyEvent` takes for the key: its `key`, `code`, Windows key code and
    /// the text it types, if any.
    public var domEvent: (key: String, code: String, keyCode: Int, text: String?) {
        switch self {
        case .tab: ("Tab", "Tab", 9, nil)
        case .enter: ("Enter", "Enter", 13, "\r")
        case .space: (" ", "Space", 32, " ")
        case .escape: ("Escape", "Escape", 27, nil)
        case .backspace: ("Backspace", "Backspace", 8, nil)
        case .delete: ("Delete", "Delete", 46, nil)
        case .insert: ("Insert", "Insert", 45, nil)
        case .arrowLeft: ("ArrowLeft", "ArrowLeft", 37, nil)
        case .arrowUp: ("ArrowUp", "ArrowUp", 38, nil)
        case .arrowRight: ("ArrowRight", "ArrowRight", 39, nil)
        case .arrowDown: ("ArrowDown", "ArrowDown", 40, nil)
        case .home: ("Home", "Home", 36, nil)
        case .end: ("End", "End", 35, nil)
        case .pageUp: ("PageUp", "PageUp", 33, nil)
        case .pageDown: ("PageDown", "PageDown", 34, nil)
        case let .function(number): ("F\(number)", "F\(number)", 111 + number, nil)
        case .shift: ("Shift", "ShiftLeft", 16, nil)
        case .control: ("Control", "ControlLeft", 17, nil)
        case .alt: ("Alt", "AltLeft", 18, nil)
        case .meta: ("Meta", "MetaLeft", 91, nil)
        case .capsLock: ("CapsLock", "CapsLock", 20, nil)
        case let .character(character):
            Self.domEvent(of: character)
        }
    }

    private static func domEvent(of character: Character) -> (key: String, code: String, keyCode: Int, text: String?) {
        let text = String(character)
        let upper = text.uppercased()
        if upper.count == 1, let ascii = upper.unicodeScalars.first?.value, (0x41...0x5A).contains(ascii) {
            return (text, "Key\(upper)", Int(ascii), text)
        }
        if let digit = character.wholeNumberValue, character.isASCII { return (text, "Digit\(digit)", 48 + digit, text) }
        return (text, "", 0, text)
    }
}
