/// Orca's browse mode and focus mode on a web page, switched as Orca 43 switches them when focus moves
/// (orca/scripts/web/script.py, `useFocusMode`; script_utilities.py, `isFocusModeWidget`): a page opens in
/// browse mode; focus coming to a widget that takes its own keys (a text field, combo box, list box, menu,
/// tab, slider, spin button, tree, grid cell, or anything that expands or has a pop-up, links apart) turns
/// focus mode on, and focus coming to anything else (a link, a push button, a check box) turns it off.
/// Orca says each switch after the element: "Focus mode", "Browse mode".
public struct OrcaModes: Sendable {
    /// One of Orca's two modes on a page.
    public enum Mode: String, Sendable {
        case browse, focus

        /// The key of its word in a voice profile: `modes.focus`.
        public var wordKey: String { "modes.\(rawValue)" }
    }

    public private(set) var mode: Mode = .browse

    public init() {}

    /// The mode focus moving to `element` switches to, or nil when it stays as it was.
    public mutating func focusMoved(to element: Element) -> Mode? {
        let next: Mode = Self.takesItsOwnKeys(element) ? .focus : .browse
        guard next != mode else { return nil }
        mode = next
        return next
    }

    /// True for what Orca reads in focus mode (`isFocusModeWidget`).
    public static func takesItsOwnKeys(_ element: Element) -> Bool {
        switch element.role {
        case .textField, .secureTextField, .comboBox, .listBox, .option, .menu, .menuItem, .menuItemCheckbox, .menuItemRadio,
             .tab, .progressBar, .slider, .spinButton, .tree, .treeItem, .gridCell:
            return true
        case .link:
            return false
        default:
            if element.states.contains(.expanded) || element.states.contains(.collapsed) { return true }
            if element.popup != nil, element.role == .button || element.role == .imageButton { return true }
            return element.context.contains { [.grid, .menu, .menuBar].contains($0.role) }
        }
    }
}
