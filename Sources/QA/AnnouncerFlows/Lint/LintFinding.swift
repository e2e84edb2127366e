/// The outcome of one lint check on one screen or element: passed or failed, with a sentence that reads well aloud.
public struct LintFinding: Sendable, Hashable, CustomStringConvertible {
    public var rule: LintRule
    /// The screen checked; for a reaction, the screen of the element it acts on.
    public var screen: ScreenID
    /// The element the finding is about, when it is about one.
    public var element: ElementID?
    public var passed: Bool
    /// One plain sentence naming the element by its label and id, such as
    /// `Contrast of "Sign in" (sign-in): #FFFFFF on #00205B is 15.4:1; at least 4.5:1 is needed.`
    public var message: String
    /// The line in the flow file of the element, step or screen the finding is about.
    public var line: Int?
    /// For `contrast`, the exact ratio computed; the message prints it rounded down to one decimal.
    public var contrastRatio: Double?
    /// What was found, as values, for saying it in another language; nil where the element and screen say enough.
    public var detail: LintDetail?

    public init(
        rule: LintRule, screen: ScreenID, element: ElementID? = nil, passed: Bool, message: String,
        line: Int? = nil, contrastRatio: Double? = nil, detail: LintDetail? = nil
    ) {
        self.detail = detail
        self.rule = rule
        self.screen = screen
        self.element = element
        self.passed = passed
        self.message = message
        self.line = line
        self.contrastRatio = contrastRatio
    }

    public var description: String { message }
}
