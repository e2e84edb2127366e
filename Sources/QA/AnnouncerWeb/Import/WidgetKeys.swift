public import AnnouncerFlows

/// The keys a widget's pattern (the ARIA Authoring Practices) takes once Tab has reached it, so an
/// imported flow operates it as a user would: the arrows that move within it, and the key that leaves it
/// as it was found where a pop-up opens.
public enum WidgetKeys {
    /// The keys for the element Tab stopped on; empty for one the arrows do not operate.
    public static func keys(for element: Element) -> [KeyChord] {
        func chords(_ keys: Key...) -> [KeyChord] { keys.map { KeyChord(key: $0) } }
        switch element.role {
        // A radio group's arrows check the next radio and wrap; Up comes back to where focus began.
        case .radio: return chords(.arrowDown, .arrowUp)
        case .tab: return chords(.arrowRight, .end, .home)
        case .menuItem, .menuItemCheckbox, .menuItemRadio, .option, .treeItem: return chords(.arrowDown, .end, .home)
        case .listBox, .tree: return chords(.arrowDown, .end, .home)
        case .gridCell, .cell: return chords(.arrowRight, .arrowDown)
        case .slider: return chords(.arrowRight, .end, .home)
        case .spinButton: return chords(.arrowUp, .arrowDown)
        // A combo box opens its list with Down and moves in it; Escape closes it again.
        case .comboBox: return chords(.arrowDown, .arrowDown, .escape)
        // A menu button opens its menu on the first item with Down; Escape closes it, back on the button.
        case .button where element.popup == "menu" || element.popup == "true": return chords(.arrowDown, .arrowDown, .escape)
        default: return []
        }
    }

    /// Whether any of the elements Tab reaches is a widget the arrows operate.
    public static func anyNeeded(_ elements: [Element]) -> Bool {
        elements.contains { !keys(for: $0).isEmpty }
    }
}
