public import AnnouncerFlows

/// An element of a real page as a screen reader meets it, read from Chromium's accessibility tree:
/// the flow element it reads like, and where it is in the page's DOM.
public struct PageElement: Sendable {
    public var element: Element
    /// Chromium's node id of the element, to focus it or watch it.
    public var backendNodeId: Int
    /// Chromium's role, such as `textbox`, for messages.
    public var pageRole: String

    public init(element: Element, backendNodeId: Int, pageRole: String) {
        self.element = element
        self.backendNodeId = backendNodeId
        self.pageRole = pageRole
    }
}

/// A page read once: its title, language, elements in reading order, and its sequential focus (Tab) order.
public struct PageSnapshot: Sendable {
    public var title: String
    public var language: String
    public var elements: [PageElement]
    /// The element ids Tab reaches, in order, from the top of the page.
    public var tabOrder: [ElementID]

    public init(title: String, language: String, elements: [PageElement], tabOrder: [ElementID]) {
        self.title = title
        self.language = language
        self.elements = elements
        self.tabOrder = tabOrder
    }
}
