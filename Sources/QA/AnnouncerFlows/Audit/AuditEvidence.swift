public import AnnouncerCore

/// One piece of evidence for a criterion: a sentence, whether it shows a pass or a failure, and where
/// it comes from (a step of the flow, or a line of the flow file), so a reader can go and check it.
public struct AuditEvidence: Sendable, Hashable {
    public var text: String
    /// The language the sentence is in: the check's own sentences are English whatever the flow's language.
    public var language: Language
    /// True for a pass, false for a failure, nil for a plain fact.
    public var passed: Bool?
    /// The step it comes from, 1-based.
    public var step: Int?
    /// The line of the flow file it is about.
    public var line: Int?
    /// For contrast: the pair of colours and the exact ratio, shown as swatches.
    public var colours: ColourPair?

    public init(text: String, language: Language, passed: Bool?, step: Int? = nil, line: Int? = nil, colours: ColourPair? = nil) {
        self.text = text
        self.language = language
        self.passed = passed
        self.step = step
        self.line = line
        self.colours = colours
    }
}

/// One criterion on one screen: the verdict and the evidence for it.
public struct CriterionFinding: Sendable, Hashable {
    public var criterion: WCAGCriterion
    public var screen: ScreenID
    public var verdict: AuditVerdict
    public var evidence: [AuditEvidence]

    public init(criterion: WCAGCriterion, screen: ScreenID, verdict: AuditVerdict, evidence: [AuditEvidence]) {
        self.criterion = criterion
        self.screen = screen
        self.verdict = verdict
        self.evidence = evidence
    }
}
