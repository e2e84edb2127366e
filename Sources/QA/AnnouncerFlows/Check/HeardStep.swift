public import AnnouncerCore

/// One step of a checked flow as a listener met it: the screen it began on, what was said, and when
/// each phrase began to sound; the evidence an audit report shows beside the step's results.
public struct HeardStep: Sendable {
    /// 1-based, in the flow's order.
    public var number: Int
    public var line: Int?
    /// The action in words, such as `next` or `activate sign-in`.
    public var action: String
    /// True for what the user does (a swipe, a tap, typing), false for what the app does or a check.
    public var isUserAction: Bool
    /// The screen the step began on.
    public var screen: ScreenID
    /// Where focus was once the step was done.
    public var focusAfter: ElementID?
    public var utterances: [HeardUtterance]
    /// The swipe order the step expected, and the one the screen had, when the step checked it.
    public var focusOrder: FocusOrderComparison?
    /// What a real screen reader in the loop said for the step, beside the virtual reader's utterances.
    public var readerUtterances: [ReaderUtterance]

    public init(
        number: Int, line: Int?, action: String, isUserAction: Bool, screen: ScreenID, focusAfter: ElementID?,
        utterances: [HeardUtterance], focusOrder: FocusOrderComparison? = nil, readerUtterances: [ReaderUtterance] = []
    ) {
        self.readerUtterances = readerUtterances
        self.number = number
        self.line = line
        self.action = action
        self.isUserAction = isUserAction
        self.screen = screen
        self.focusAfter = focusAfter
        self.utterances = utterances
        self.focusOrder = focusOrder
    }

    /// True for a swipe right or left (Tab, Shift-Tab), which moves focus in the focus order.
    public var isSwipe: Bool { action == "next" || action == "previous" }
}

/// One phrase of a step: its text, why it was said, and when it began to sound.
public struct HeardUtterance: Sendable {
    public var text: String
    public var kind: Utterance.Kind
    public var politeness: Politeness
    /// Its announcement id on the timeline; nil when it could not be sent.
    public var id: String?
    /// From the user's action to its first audio; nil when it was never heard.
    public var latencyMilliseconds: Double?
    /// How it ended, when it ended without being heard or was cut.
    public var outcome: Outcome.Kind?
    /// How long after the action the app posted it (`after_ms`); the rest of the latency is the speech's.
    public var appDelayMilliseconds: Int

    public init(
        text: String, kind: Utterance.Kind, politeness: Politeness, id: String?, latencyMilliseconds: Double?, outcome: Outcome.Kind?,
        appDelayMilliseconds: Int = 0
    ) {
        self.text = text
        self.kind = kind
        self.politeness = politeness
        self.id = id
        self.latencyMilliseconds = latencyMilliseconds
        self.outcome = outcome
        self.appDelayMilliseconds = appDelayMilliseconds
    }
}

/// An expected swipe order beside the one found.
public struct FocusOrderComparison: Sendable, Equatable {
    public var expected: [ElementID]
    public var actual: [ElementID]
    /// What a swipe to each element of `actual` reads, in order; empty when the reader cannot say.
    public var phrases: [String]

    public init(expected: [ElementID], actual: [ElementID], phrases: [String] = []) {
        self.expected = expected
        self.actual = actual
        self.phrases = phrases
    }

    public var matches: Bool { expected == actual }
}
