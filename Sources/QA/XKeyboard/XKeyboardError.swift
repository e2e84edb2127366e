/// Why keys could not be sent at the X level.
public enum XKeyboardError: Error, Equatable, CustomStringConvertible {
    /// No X display of that name answered.
    case displayUnavailable(String)
    /// The X server has no XTest extension, so no key can be sent as a keyboard sends it.
    case noXTest(String)
    /// No key on the keyboard gives this symbol, and no spare key could be given it.
    case noKeyFor(UInt32)
    /// The X server refused a request.
    case refused(String)

    public var description: String {
        switch self {
        case let .displayUnavailable(name): "The X display \(name) could not be opened."
        case let .noXTest(name): "The X display \(name) has no XTest extension, so keys cannot be sent to it."
        case let .noKeyFor(symbol): "No key of the X keyboard can type the symbol 0x\(String(symbol, radix: 16))."
        case let .refused(what): "The X server refused to \(what)."
        }
    }
}
