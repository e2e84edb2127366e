import CXTest
import Synchronization

/// A connection to an X display, for sending key presses through XTest as a keyboard sends them and
/// giving a window the keyboard focus. Calls are serialized: Xlib is used from one thread at a time.
public final class XDisplay: Sendable {
    /// The display's name, such as `:99`.
    public let name: String
    private let connection: Mutex<Connection>

    /// The raw `Display *`, which Mutex keeps to one thread at a time.
    private struct Connection: @unchecked Sendable {
        var display: OpaquePointer?
        /// A key code with no symbols, borrowed to type a symbol no key gives (as xdotool does).
        var spareKeyCode: KeyCode?
    }

    /// Opens the display and checks that it has XTest; the corresponding C functions are `XOpenDisplay` and `XTestQueryExtension`.
    public init(name: String) throws(XKeyboardError) {
        announcer_x_count_errors()
        guard let display = XOpenDisplay(name) else { throw .displayUnavailable(name) }
        announcer_x_survive_io_errors(display)
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display, &eventBase, &errorBase, &major, &minor) != 0 else {
            XCloseDisplay(display)
            throw .noXTest(name)
        }
        self.name = name
        connection = Mutex(Connection(display: display, spareKeyCode: Self.spareKeyCode(of: display)))
    }

    deinit { close() }

    /// Closes the connection; later calls do nothing. Close it before the X server ends.
    public func close() {
        connection.withLock { connection in
            if let display = connection.display { XCloseDisplay(display) }
            connection.display = nil
        }
    }

    /// Presses the keys of a chord in order and releases them in reverse, as fake hardware events
    /// (`XTestFakeKeyEvent`), then waits until the server has taken them (`XSync`).
    public func press(_ keysyms: [UInt32]) throws(XKeyboardError) {
        try connection.withLock { (connection: inout Connection) throws(XKeyboardError) in
            guard let display = connection.display else { throw .displayUnavailable(name) }
            var codes: [(code: KeyCode, borrowed: Bool)] = []
            for keysym in keysyms { codes.append(try Self.keyCode(for: keysym, in: &connection)) }
            for entry in codes { XTestFakeKeyEvent(display, UInt32(entry.code), 1, 0) }
            for entry in codes.reversed() { XTestFakeKeyEvent(display, UInt32(entry.code), 0, 0) }
            XSync(display, 0)
            if codes.contains(where: \.borrowed), let spare = connection.spareKeyCode {
                // Give the borrowed key back its emptiness once the server has seen the press.
                var none: KeySym = 0
                XChangeKeyboardMapping(display, Int32(spare), 1, &none, 1)
                XSync(display, 0)
            }
        }
    }

    /// Moves the pointer to a point of the screen and clicks its first button there
    /// (`XTestFakeMotionEvent`, `XTestFakeButtonEvent`), as a mouse does.
    public func click(x: Int, y: Int) throws(XKeyboardError) {
        try connection.withLock { (connection: inout Connection) throws(XKeyboardError) in
            guard let display = connection.display else { throw .displayUnavailable(name) }
            XTestFakeMotionEvent(display, -1, Int32(x), Int32(y), 0)
            XTestFakeButtonEvent(display, 1, 1, 0)
            XTestFakeButtonEvent(display, 1, 0, 0)
            // The pointer is put back in the screen's corner, where it rests over nothing a page or a
            // screen reader would react to.
            XTestFakeMotionEvent(display, -1, 0, 0, 0)
            XSync(display, 0)
        }
    }

    /// Whether a symbol needs Shift on the key that gives it (its second column), so a chord can add it.
    public func needsShift(_ keysym: UInt32) -> Bool {
        connection.withLock { connection in
            guard let display = connection.display else { return false }
            let code = XKeysymToKeycode(display, KeySym(keysym))
            guard code != 0 else { return false }
            return XKeycodeToKeysymCompat(display, code, 0) != KeySym(keysym)
                && XKeycodeToKeysymCompat(display, code, 1) == KeySym(keysym)
        }
    }

    /// Gives the keyboard focus to the largest mapped top-level window, the browser's on a desktop of one
    /// window, and raises it (`XSetInputFocus`). Returns false when no window is mapped yet.
    @discardableResult
    public func focusLargestWindow() -> Bool {
        connection.withLock { connection in
            guard let display = connection.display else { return false }
            let root = XDefaultRootWindow(display)
            var rootReturn: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(display, root, &rootReturn, &parent, &children, &count) != 0, let children else { return false }
            defer { XFree(children) }
            var best: (window: Window, area: Int32)?
            for index in 0..<Int(count) {
                var attributes = XWindowAttributes()
                guard XGetWindowAttributes(display, children[index], &attributes) != 0,
                      attributes.map_state == IsViewable, attributes.override_redirect == 0 else { continue }
                let area = attributes.width * attributes.height
                if area > (best?.area ?? 0) { best = (children[index], area) }
            }
            guard let window = best?.window else { return false }
            XRaiseWindow(display, window)
            XSetInputFocus(display, window, RevertToParent, Time(CurrentTime))
            XSync(display, 0)
            return true
        }
    }

    /// The key that gives the symbol, or the spare key given it for the moment.
    private static func keyCode(for keysym: UInt32, in connection: inout Connection) throws(XKeyboardError) -> (code: KeyCode, borrowed: Bool) {
        guard let display = connection.display else { throw .noKeyFor(keysym) }
        let code = XKeysymToKeycode(display, KeySym(keysym))
        if code != 0 { return (code, false) }
        guard let spare = connection.spareKeyCode else { throw .noKeyFor(keysym) }
        var symbol = KeySym(keysym)
        XChangeKeyboardMapping(display, Int32(spare), 1, &symbol, 1)
        XSync(display, 0)
        return (spare, true)
    }

    /// The highest key code that gives no symbol at all.
    private static func spareKeyCode(of display: OpaquePointer) -> KeyCode? {
        var lowest: Int32 = 0, highest: Int32 = 0
        XDisplayKeycodes(display, &lowest, &highest)
        var perCode: Int32 = 0
        guard let map = XGetKeyboardMapping(display, KeyCode(lowest), highest - lowest + 1, &perCode) else { return nil }
        defer { XFree(map) }
        for code in stride(from: highest, through: lowest, by: -1) {
            let start = Int((code - lowest) * perCode)
            if (0..<Int(perCode)).allSatisfy({ map[start + $0] == 0 }) { return KeyCode(code) }
        }
        return nil
    }

    /// The symbol in a column of a key, through `XGetKeyboardMapping` (`XKeycodeToKeysym` is deprecated).
    private func XKeycodeToKeysymCompat(_ display: OpaquePointer, _ code: KeyCode, _ column: Int32) -> KeySym {
        var perCode: Int32 = 0
        guard let map = XGetKeyboardMapping(display, code, 1, &perCode) else { return 0 }
        defer { XFree(map) }
        return column < perCode ? map[Int(column)] : 0
    }
}
