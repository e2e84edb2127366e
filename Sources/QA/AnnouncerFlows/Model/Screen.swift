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

    /// The elements that can be swipe stops, hidden ones included: all but images without a label,
    /// which a screen reader passes over as decoration. A group is one stop.
    public var swipeStops: [Element] {
        elements.filter { !($0.role == .image && $0.label.allSatisfy(\.isWhitespace)) }
    }

    /// The swipe order as the screen is now: the flow's `focus_order` of the visible stops, each once,
    /// then the visible stops it leaves out, top to bottom; or the visible stops top to bottom.
    /// `FlowSession` moves by it and `FlowLinter` checks it, so the two never disagree.
    public var swipeOrder: [ElementID] {
        let visible = swipeStops.filter { !$0.hidden }.map(\.id)
        guard let focusOrder else { return visible }
        var ordered: [ElementID] = []
        for id in focusOrder where visible.contains(id) && !ordered.contains(id) { ordered.append(id) }
        return ordered + visible.filter { !ordered.contains($0) }
    }

    /// The swipe stop that holds `id`: the element itself, or the group it is in.
    public func stop(holding id: ElementID) -> Element? {
        elements.first { $0.id == id || $0.children.contains { $0.id == id } }
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
