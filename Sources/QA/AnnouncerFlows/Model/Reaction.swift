public import AnnouncerCore

/// Something the app does: speak through a live region, move focus, change an element, show a banner, change screen.
public indirect enum Reaction: Sendable, Hashable {
    /// A live-region announcement; `delayMilliseconds` is how long after the user's action the app posts it.
    case announce(text: String, politeness: Politeness, region: String?, delayMilliseconds: Int)
    /// Moves the screen reader's focus, which reads the element.
    case focus(FocusTarget)
    /// Changes an element.
    case set(ElementID, ElementChange)
    /// Shows a hidden element, such as a banner.
    case show(ElementID)
    case hide(ElementID)
    /// Flips a toggle between on and off.
    case toggle(ElementID)
    /// Opens another screen, with focus on its first element.
    case goTo(ScreenID)
    /// Checks each field's validation: the failing fields get their errors, then `invalid` runs; else `valid` runs.
    case submit(fields: [ElementID], invalid: [Reaction], valid: [Reaction])
}

/// Where a focus reaction moves the screen reader's focus.
public enum FocusTarget: Sendable, Hashable {
    case element(ElementID)
    /// The first field, in focus order, that failed the last submit.
    case firstInvalid
}

/// A change to one element made by the app.
public struct ElementChange: Sendable, Hashable {
    public var label: String?
    public var value: String?
    /// Attaches an error; an empty text removes it.
    public var error: String?
    public var addStates: Set<ElementState>
    public var removeStates: Set<ElementState>

    public init(
        label: String? = nil, value: String? = nil, error: String? = nil,
        addStates: Set<ElementState> = [], removeStates: Set<ElementState> = []
    ) {
        self.label = label
        self.value = value
        self.error = error
        self.addStates = addStates
        self.removeStates = removeStates
    }
}
