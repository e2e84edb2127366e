import AnnouncerCore

/// What a check of the real page found for one WCAG criterion, beside what the flow's steps found: one
/// of axe-core's rules, or a measurement of the page's layout (target size, focus), naming the element
/// and its box in one English sentence.
public struct PageFinding: Sendable, Hashable {
    /// Which tool made the finding.
    public enum Tool: String, Sendable, Hashable {
        case axe
        case layout
    }

    public var criterion: WCAGCriterion
    public var tool: Tool
    /// axe-core's rule, such as `color-contrast`, or the layout check's, such as `target-size`.
    public var rule: String
    /// False for a failure, nil for what a person must check, true for a pass.
    public var passed: Bool?
    public var text: String

    public init(criterion: WCAGCriterion, tool: Tool, rule: String, passed: Bool?, text: String) {
        self.criterion = criterion
        self.tool = tool
        self.rule = rule
        self.passed = passed
        self.text = text
    }

    /// The finding as one plain line: FAIL, CHECK (a person must check) or pass, then the criterion and the rule.
    public var line: String {
        let mark = switch passed {
        case false?: "FAIL"
        case nil: "CHECK"
        case true?: "pass"
        }
        let by = tool == .axe ? "axe-core \(rule)" : rule
        return "\(mark): page, \(criterion.number) \(criterion.name(in: .english)), \(by): \(text)"
    }
}
