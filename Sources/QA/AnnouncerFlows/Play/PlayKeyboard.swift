import Foundation
import Spawning
import Synchronization

/// A key `flow play` acts on, decoded from the bytes of standard input.
public enum PlayKey: Equatable {
    /// → or Tab (↓ too): swipe right.
    case next
    /// ← or Shift-Tab (↑ too): swipe left.
    case previous
    /// Enter or Space: double tap.
    case activate
    /// `t`: type into the focused field.
    case type
    /// `r`: read the focused element again.
    case repeatPhrase
    /// `h`: hints on or off.
    case hints
    /// `?`: list the keys again.
    case help
    /// `q` or Ctrl-D.
    case quit
    /// Anything else, such as a lone Escape or a letter with no meaning here.
    case unknown
    /// A key for a web page's widget, as `web play` reads the keyboard (`PlayKeyboard.pageKeys`): an arrow,
    /// Home, End, Page Up, Page Down, Escape, Enter or Space, with any modifiers held.
    case key(KeyChord)
}

/// Reads keys from standard input: a terminal in non-canonical mode without echo, or a pipe as it is.
///
/// Only the main thread reads. The terminal's own settings are kept in `TerminalSettings`, so any
/// thread (the Ctrl-C handler too) can put them back.
public final class PlayKeyboard {
    public let isTerminal: Bool
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false

    /// Reads keys from `fd`: standard input (0) unless a test gives a pipe.
    public init(fd: Int32 = 0) {
        self.fd = fd
        isTerminal = isatty(fd) == 1
    }

    /// Switches a terminal to key-at-a-time input without echo; a pipe is left as it is.
    public func enterKeyMode() {
        guard isTerminal else { return }
        TerminalSettings.shared.enterKeyMode(fd)
    }

    /// Puts the terminal's settings back as they were before play began.
    public func restore() {
        TerminalSettings.shared.restore()
    }

    /// The next key, or nil at the end of input.
    /// For `web play`: arrows, Home, End, Page Up, Page Down, Escape, Enter and Space are keys for the
    /// page (`.key`), as a screen reader passes them to a widget; Tab and Shift-Tab still move focus.
    public var pageKeys = false

    public func nextKey() -> PlayKey? {
        guard let byte = readByte() else { return nil }
        switch byte {
        case UInt8(ascii: "\t"): return .next
        case UInt8(ascii: "\r"), UInt8(ascii: "\n") where pageKeys: return .key(KeyChord(key: .enter))
        case UInt8(ascii: " ") where pageKeys: return .key(KeyChord(key: .space))
        case UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: " "): return .activate
        case UInt8(ascii: "t"), UInt8(ascii: "T"): return .type
        case UInt8(ascii: "r"), UInt8(ascii: "R"): return .repeatPhrase
        case UInt8(ascii: "h"), UInt8(ascii: "H"): return .hints
        case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x04: return .quit
        case UInt8(ascii: "?"): return .help
        case 0x1B: return escapeSequence()
        case 0xC0...0xFF:
            // The rest of a UTF-8 character, so its bytes are one unknown key, not several.
            let more = byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : 1
            for _ in 0..<more {
                guard let next = peekByte(waitMilliseconds: 50), (0x80...0xBF).contains(next) else { break }
                _ = readByte()
            }
            return .unknown
        default: return .unknown
        }
    }

    /// Decodes what follows ESC: `ESC [ C` right, `ESC [ D` left, `ESC [ Z` Shift-Tab, `ESC [ A` up,
    /// `ESC [ B` down, also with parameters (`ESC [ 1 ; 2 C`) or as `ESC O C`. A lone ESC is unknown.
    private func escapeSequence() -> PlayKey {
        guard let introducer = peekByte(waitMilliseconds: 50),
              introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            return pageKeys ? .key(KeyChord(key: .escape)) : .unknown
        }
        _ = readByte()
        // Parameters and intermediates, then one final byte from @ to ~.
        var final: UInt8?
        var parameters: [UInt8] = []
        while let byte = peekByte(waitMilliseconds: 50) {
            _ = readByte()
            if (0x40...0x7E).contains(byte) { final = byte; break }
            guard (0x20...0x3F).contains(byte) else { break }
            parameters.append(byte)
        }
        if pageKeys, let final, let chord = Self.chord(final: final, parameters: String(decoding: parameters, as: UTF8.self)) {
            return .key(chord)
        }
        switch final {
        case UInt8(ascii: "C"), UInt8(ascii: "B"): return .next
        case UInt8(ascii: "D"), UInt8(ascii: "A"), UInt8(ascii: "Z"): return .previous
        default: return .unknown
        }
    }

    /// One line of text, read with the terminal's own line editing; nil at the end of input. Without
    /// `echo` the terminal shows nothing of what is typed but the newline, as for a password.
    /// The key of a terminal's escape sequence: `ESC [ B` is ↓, `ESC [ 1 ; 5 H` Control+Home, `ESC [ 5 ~`
    /// Page Up. The second parameter, less one, holds the modifiers: 1 Shift, 2 Alt, 4 Control, 8 Meta.
    static func chord(final: UInt8, parameters: String) -> KeyChord? {
        let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
        let key: Key?
        switch final {
        case UInt8(ascii: "A"): key = .arrowUp
        case UInt8(ascii: "B"): key = .arrowDown
        case UInt8(ascii: "C"): key = .arrowRight
        case UInt8(ascii: "D"): key = .arrowLeft
        case UInt8(ascii: "H"): key = .home
        case UInt8(ascii: "F"): key = .end
        case UInt8(ascii: "~"):
            key = switch numbers.first {
            case 1, 7: .home
            case 4, 8: .end
            case 5: .pageUp
            case 6: .pageDown
            case 3: .delete
            default: nil
            }
        default: key = nil
        }
        guard let key else { return nil }
        let flags = numbers.count > 1 ? max(0, numbers[1] - 1) : 0
        let modifiers = [(1, Key.shift), (2, .alt), (4, .control), (8, .meta)].filter { flags & $0.0 != 0 }.map(\.1)
        return KeyChord(modifiers: modifiers, key: key)
    }

    public func readLine(echo: Bool = true) -> String? {
        if isTerminal {
            if echo { TerminalSettings.shared.restore() } else { TerminalSettings.shared.enterLineModeWithoutEcho(fd) }
        }
        defer { if isTerminal { TerminalSettings.shared.enterKeyMode(fd) } }
        var bytes: [UInt8] = []
        while let byte = readByte() {
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\r") {
                // A pipe may end lines with CR LF.
                if peekByte(waitMilliseconds: 0) == UInt8(ascii: "\n") { _ = readByte() }
                return String(decoding: bytes, as: UTF8.self)
            }
            bytes.append(byte)
        }
        // Ctrl-D on a terminal ends this one read only; the next key is read as usual.
        if isTerminal { atEnd = false }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    private func readByte() -> UInt8? {
        guard fill(waitMilliseconds: nil) else { return nil }
        defer { position += 1 }
        return buffer[position]
    }

    /// The next byte without taking it; on a terminal waits at most `waitMilliseconds` for it,
    /// since the bytes of one key arrive together and a lone Escape has none after it.
    private func peekByte(waitMilliseconds: Int32) -> UInt8? {
        guard fill(waitMilliseconds: isTerminal ? waitMilliseconds : nil) else { return nil }
        return buffer[position]
    }

    /// True when a byte is buffered, reading more if needed; `waitMilliseconds` nil blocks.
    private func fill(waitMilliseconds: Int32?) -> Bool {
        if position < buffer.count { return true }
        if atEnd { return false }
        if let waitMilliseconds {
            var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard SystemCall.retrying({ poll(&request, 1, waitMilliseconds) }) > 0 else { return false }
        }
        var chunk = [UInt8](repeating: 0, count: 256)
        let count = chunk.withUnsafeMutableBytes { SystemCall.read(fd, into: $0) } ?? 0
        guard count > 0 else {
            atEnd = true
            return false
        }
        buffer = Array(chunk[0..<count])
        position = 0
        return true
    }
}

/// The terminal's settings from before `flow play` changed them, so every way out can put them back:
/// quitting, the end of input, an error, Ctrl-C and SIGTERM.
public final class TerminalSettings: Sendable {
    public static let shared = TerminalSettings()

    private struct Saved: Sendable {
        var fd: Int32
        var settings: termios
    }

    private let saved = Mutex<Saved?>(nil)

    /// Non-canonical input, one byte at a time, without echo. Output processing and signals stay
    /// as they are: a newline still starts a new line, and Ctrl-C still interrupts.
    func enterKeyMode(_ fd: Int32) {
        change(fd) { keys in
            keys.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &keys.c_cc) { characters in
                characters[Int(VMIN)] = 1
                characters[Int(VTIME)] = 0
            }
        }
    }

    /// The settings from before, with line editing, but showing nothing typed except the newline.
    func enterLineModeWithoutEcho(_ fd: Int32) {
        change(fd) { hidden in
            hidden.c_lflag &= ~tcflag_t(ECHO)
            hidden.c_lflag |= tcflag_t(ICANON | ECHONL)
        }
    }

    /// Sets the settings from before, saved on the first change, as `adjust` alters them.
    private func change(_ fd: Int32, _ adjust: (inout termios) -> Void) {
        saved.withLock { saved in
            if saved == nil {
                var original = termios()
                guard tcgetattr(fd, &original) == 0 else { return }
                saved = Saved(fd: fd, settings: original)
            }
            guard var settings = saved?.settings else { return }
            adjust(&settings)
            tcsetattr(fd, TCSANOW, &settings)
        }
    }

    /// Puts back the settings from before; does nothing if they were never changed.
    public func restore() {
        saved.withLock { saved in
            guard var original = saved?.settings, let fd = saved?.fd else { return }
            tcsetattr(fd, TCSANOW, &original)
        }
    }
}
