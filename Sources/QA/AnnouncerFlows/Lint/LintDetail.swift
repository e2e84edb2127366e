/// What a lint finding found, as values, so that the audit report can say it again in the flow's own
/// language; the finding's `message` is the English sentence.
public enum LintDetail: Sendable, Hashable {
    /// A group with no label, none of its elements having one.
    case groupWithoutLabel
    /// An interactive element with no label.
    case withoutLabel(role: Role)
    /// A toggle whose `label_on` is empty.
    case emptyLabelOn
    /// A focus order names the finding's element, which is not a swipe stop of its screen.
    case notAStop(NotAStop)
    /// A focus order names the finding's element more than once.
    case namedTwice
    /// A focus order leaves out the finding's element.
    case leftOut
    /// A focus order out of top-to-bottom order with no reason given.
    case notTopToBottom(order: [ElementID], topToBottom: [ElementID])
    /// An error put on the finding's element, which is or is not a text field; `validation` for a `validate:`
    /// error; `actor`, when a reaction put it there.
    case error(text: String, role: Role, validation: Bool, actor: LintActor?)
    /// A group holding more than one interactive element.
    case crowdedGroup(interactive: [ElementID])
    /// A banner shown when its screen opens, after this element in the focus order.
    case bannerAfter(ElementID)
    /// A reaction shows the banner, and moves focus to it or not (the finding's `passed`).
    case bannerShown(actor: LintActor)

    /// Why an element a focus order names is not one of its screen's swipe stops.
    public enum NotAStop: Sendable, Hashable {
        case insideGroup(ElementID)
        case unlabelledImage
        case onScreen(ScreenID)
        case notInFlow
    }
}

/// Who a reaction's finding is about: activating an element, or an app step; and which branch of a submit.
public struct LintActor: Sendable, Hashable {
    /// The element whose activation reacts, or nil for an app step.
    public var activating: ElementID?
    /// The app step's line in the flow file.
    public var stepLine: Int?
    /// Within a submit: true when the form is valid, false when it is invalid; nil outside one.
    public var formValid: Bool?

    public init(activating: ElementID? = nil, stepLine: Int? = nil, formValid: Bool? = nil) {
        self.activating = activating
        self.stepLine = stepLine
        self.formValid = formValid
    }
}
