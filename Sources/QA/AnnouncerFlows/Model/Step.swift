/// One step of a flow: what the user does (or what the app does by itself), and what should then be heard.
public struct Step: Sendable, Hashable {
    public var action: StepAction
    public var expectation: Expectation
    /// The line of the step in its flow file, for results.
    public var line: Int?

    public init(action: StepAction, expectation: Expectation = Expectation(), line: Int? = nil) {
        self.action = action
        self.expectation = expectation
        self.line = line
    }
}

/// A user's action, as a screen-reader user makes it, or reactions the app makes on its own.
public enum StepAction: Sendable, Hashable {
    /// Swipe right (→ or Tab).
    case next
    /// Swipe left (← or Shift-Tab).
    case previous
    /// Double tap (Enter or Space) on the focused element, or on the named one after moving focus to it.
    case activate(ElementID?)
    /// Presses a key, with any modifiers held (`press: ArrowDown`, `Shift+Tab`), on the focused element or,
    /// after moving focus there unread, the named one (`activate: { element: agree, key: Space }`).
    case press(KeyChord, on: ElementID?)
    /// Types into the focused field, or the named one.
    case type(String, into: ElementID?)
    /// Touches an element: focus moves there and it is read.
    case touch(ElementID)
    /// The app does something by itself, such as showing a banner when the screen opens.
    case app([Reaction])
    /// Nothing happens: the step only checks, such as the screen's focus order.
    case check
    /// Time passes, this many milliseconds, as a user waits for the app.
    case wait(Int)
}

/// What a step should produce; every field that is set is checked.
public struct Expectation: Sendable, Hashable {
    /// The phrases the step speaks, exactly and in order: focus phrases and announcements, as the
    /// virtual reader composes them.
    public var says: [String]?
    /// What a real screen reader says for the step, by the reader's name (`orca`), checked when the flow
    /// runs with that reader in the loop; compared without regard to case, punctuation or how the
    /// reader splits its speech.
    public var saysByReader: [RealReader: [String]] = [:]
    /// What the virtual reader says for the step in each reader's style (`says: { virtual: { talkback: … } }`),
    /// checked when the flow runs in that style.
    public var saysByStyle: [ReaderStyle: [String]] = [:]
    /// Where focus is after the step.
    public var focus: ElementID?
    /// The screen's swipe order after the step.
    public var focusOrder: [ElementID]?
    /// Every announcement the step makes begins to sound within this many milliseconds of the action.
    public var withinMilliseconds: Int?

    public init(says: [String]? = nil, focus: ElementID? = nil, focusOrder: [ElementID]? = nil, withinMilliseconds: Int? = nil) {
        self.says = says
        self.focus = focus
        self.focusOrder = focusOrder
        self.withinMilliseconds = withinMilliseconds
    }

    public var isEmpty: Bool { says == nil && saysByReader.isEmpty && saysByStyle.isEmpty && focus == nil && focusOrder == nil && withinMilliseconds == nil }
}

/// A real screen reader that can be put in the loop, by the name flow files and `--reader` use.
public enum RealReader: String, Sendable, Hashable, CaseIterable {
    case orca

    /// Its name in sentences.
    public var displayName: String {
        switch self {
        case .orca: "Orca"
        }
    }
}
