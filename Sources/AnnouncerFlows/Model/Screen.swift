/// One screen of a flow: its elements in document order (top to bottom), and its focus order when that differs.
public struct Screen: Sendable, Hashable, Identifiable {
    public var id: ScreenID
    public var title: String?
    /// Top to bottom, as they appear.
    public var elements: [Element]
    /// The swipe order, when the flow sets one; nil means document order.
    public var focusOrder: [ElementID]?
    /// Why the focus order differs from top to bottom; without one, a different order is a lint failure.
    public var focusOrderReason: String?
    public var line: Int?

    public init(
        id: ScreenID, title: String? = nil, elements: [Element], focusOrder: [ElementID]? = nil,
        focusOrderReason: String? = nil, line: Int? = nil
    ) {
        self.id = id
        self.title = title
        self.elements = elements
        self.focusOrder = focusOrder
        self.focusOrderReason = focusOrderReason
        self.line = line
    }

    /// The element with `id`, among the screen's elements and their groups' children.
    public func element(_ id: ElementID) -> Element? {
        for element in elements {
            if element.id == id { return element }
            if let child = element.children.first(where: { $0.id == id }) { return child }
        }
        return nil
    }
}

/// The id of a screen, such as `login`.
public struct ScreenID: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }
}
