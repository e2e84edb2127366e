public import AnnouncerCore

/// The result of one expectation of one step: what was checked, whether it held, and one sentence saying so.
public struct CheckResult: Sendable, Equatable {
    /// What was checked.
    public enum Kind: String, Sendable {
        case says, focus
        case focusOrder = "focus_order"
        case within = "within_ms"
        /// The step could not be carried out at all.
        case step
    }

    /// 1-based, in the flow's order.
    public var step: Int
    public var line: Int?
    /// The action in words, such as `next` or `activate sign-in`.
    public var action: String
    public var kind: Kind
    public var passed: Bool
    /// One plain sentence: what was expected and what happened.
    public var message: String
    /// From the user's action to the first audio of the utterance this is about, when measured.
    public var latencyMilliseconds: Double?
    /// What the message says, as values, so a report can say it in the flow's language.
    public var detail: CheckDetail?

    public init(
        step: Int, line: Int?, action: String, kind: Kind, passed: Bool, message: String, latencyMilliseconds: Double? = nil,
        detail: CheckDetail? = nil
    ) {
        self.step = step
        self.line = line
        self.action = action
        self.kind = kind
        self.passed = passed
        self.message = message
        self.latencyMilliseconds = latencyMilliseconds
        self.detail = detail
    }
}

/// A check's finding as values: what was expected and what happened.
public enum CheckDetail: Sendable, Equatable {
    /// The step said what was expected; the first phrase began `latency` ms after the action.
    case said([String], latency: Double?)
    /// The step said something else.
    case saidOther(expected: [String], said: [String])
    /// What was composed was right, but `text` was never heard.
    case unheard(composed: [String], text: String)
    case focus(expected: ElementID, actual: ElementID?)
    case focusOrder(expected: [ElementID], actual: [ElementID])
    /// An announcement began `latency` ms after the action; the limit is `limit`.
    case began(text: String, politeness: Politeness, latency: Double, limit: Int)
    case neverHeard(text: String, limit: Int)
    /// A real screen reader said what was expected; its first phrase began `latency` ms after the key.
    case readerSaid(reader: RealReader, said: [String], latency: Double?)
    /// A real screen reader said something else.
    case readerSaidOther(reader: RealReader, expected: [String], said: [String])
    case nothingSaid(limit: Int)
}
