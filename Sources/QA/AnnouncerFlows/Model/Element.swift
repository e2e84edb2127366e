/// One element of a screen, with the semantics a screen reader reads: label, value, role, states, error, hint.
public struct Element: Sendable, Hashable, Identifiable {
    public var id: ElementID
    public var role: Role
    /// What the element is called; for a toggle, its label while off.
    public var label: String
    /// A toggle's label while on, such as "Hide password" for "Show password"; nil keeps `label`.
    public var labelWhenOn: String?
    /// A field's text, a banner's message, or a static text's words beyond its label.
    public var value: String?
    public var states: Set<ElementState>
    /// Read after a pause, and only when hints are on.
    public var hint: String?
    /// An error attached to this field, read as part of it: "Error: Must be a valid email address".
    public var error: String?
    public var colours: ColourPair?
    /// The elements of a group, read together as one swipe stop.
    public var children: [Element]
    /// How a field's value is checked when a form is submitted.
    public var validation: Validation?
    /// What the app does when the element is activated.
    public var onActivate: [Reaction]
    /// Not on the screen, and so not in the focus order, until a reaction shows it.
    public var hidden: Bool
    /// For a password field: whether the app lets a password manager paste into it (`paste: allowed`
    /// or `blocked`); nil when the flow does not say. WCAG 2.2's 3.3.8 Accessible Authentication asks for it.
    public var pasteAllowed: Bool?
    /// Set when the element is a cognitive function test, such as a captcha to transcribe.
    public var cognitiveTest: CognitiveTest?
    /// The line of the element in its flow file, for messages.
    public var line: Int?
    /// Chromium's name for the role, said as it is when `role` is `other`.
    public var roleName: String?
    /// A heading's level, 1 to 6.
    public var level: Int?
    /// "2 of 3" among its siblings.
    public var position: SetPosition?
    /// A slider's, spin button's, progress bar's or meter's value.
    public var range: RangeValue?
    /// A table or grid cell's row, column and headers.
    public var cell: CellPosition?
    /// `aria-current`: page, step, location, date, time or true.
    public var current: String?
    /// `aria-haspopup`: menu, listbox, tree, grid, dialog or true.
    public var popup: String?
    /// `aria-describedby`: said after the phrase, in every reader's style, hints on or off.
    public var description: String?
    /// The containers around it, outermost first, named when focus enters them.
    public var context: [ContextContainer] = []

    public init(
        id: ElementID, role: Role, label: String, labelWhenOn: String? = nil, value: String? = nil,
        states: Set<ElementState> = [], hint: String? = nil, error: String? = nil, colours: ColourPair? = nil,
        children: [Element] = [], validation: Validation? = nil, onActivate: [Reaction] = [],
        hidden: Bool = false, pasteAllowed: Bool? = nil, cognitiveTest: CognitiveTest? = nil, line: Int? = nil,
        roleName: String? = nil, level: Int? = nil, position: SetPosition? = nil, range: RangeValue? = nil,
        cell: CellPosition? = nil, current: String? = nil, popup: String? = nil, description: String? = nil
    ) {
        self.id = id
        self.role = role
        self.label = label
        self.labelWhenOn = labelWhenOn
        self.value = value
        self.states = states
        self.hint = hint
        self.error = error
        self.colours = colours
        self.children = children
        self.validation = validation
        self.onActivate = onActivate
        self.hidden = hidden
        self.pasteAllowed = pasteAllowed
        self.cognitiveTest = cognitiveTest
        self.line = line
        self.roleName = roleName
        self.level = level
        self.position = position
        self.range = range
        self.cell = cell
        self.current = current
        self.popup = popup
        self.description = description
    }

    /// True when a user can act on it: an interactive role, or a group holding an interactive element.
    public var isInteractive: Bool { role.isInteractive || children.contains { !$0.hidden && $0.isInteractive } }

    /// The label as it reads now: a toggle that is on says `labelWhenOn`.
    public var currentLabel: String {
        if role.isToggle, states.contains(.on), let labelWhenOn { return labelWhenOn }
        return label
    }
}

/// The id of an element, unique within its flow, such as `email` or `sign-in`.
public struct ElementID: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }
}

/// An element that tests what a person can recall, transcribe or solve, such as a captcha, and
/// the element that offers a way around it (`cognitive_test: { alternative: audio-instead }`).
public struct CognitiveTest: Sendable, Hashable {
    /// The element that offers another way, such as an audio challenge; nil when there is none.
    public var alternative: ElementID?

    public init(alternative: ElementID?) {
        self.alternative = alternative
    }
}

/// A check on a field's value when a form is submitted, and the error it attaches when the value fails.
public struct Validation: Sendable, Hashable {
    /// What a valid value looks like.
    public enum Rule: Sendable, Hashable {
        /// Not empty.
        case required
        /// Something like name@example.no.
        case email
        /// A real date written as the pattern says, such as `mm/dd/yyyy` or `dd.mm.yyyy`.
        case date(pattern: String)
        /// At least this many characters.
        case minimumLength(Int)
    }

    public var rules: [Rule]
    /// The error attached to the field when a rule fails.
    public var error: String

    public init(rules: [Rule], error: String) {
        self.rules = rules
        self.error = error
    }
}
