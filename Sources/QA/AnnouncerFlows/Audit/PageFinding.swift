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
    /// What `text` says, as values, so a report can say it in the flow's language; nil keeps `text`.
    public var detail: Detail?

    /// A finding's values.
    public enum Detail: Sendable, Hashable {
        /// axe-core's rule on the element `target` (its CSS selector), and the element's box as x, y,
        /// width and height in CSS pixels, when it was found.
        case axe(target: String, box: [Double]?)
        /// A target under 24 by 24 px whose 24 px circle on its centre meets the target `neighbour`.
        case targetCrowded(target: String, box: [Double], neighbour: String, neighbourBox: [Double])
        /// How many of the targets are at least 24 by 24 px; the smaller ones spaced apart, and those excepted.
        case targetSizes(large: Int, total: Int, spaced: [String], excepted: [String])
        /// After Tab, the focused element is hidden entirely by fixed or sticky content, `cover`.
        case focusHidden(element: String, box: [Double], cover: String, coverBox: [Double]?)
        /// After Tab, the focused element looks the same as without focus, `margin` px around it too.
        case focusUnseen(element: String, box: [Double], margin: Int)
        case tabReachesNothing
        /// The elements Tab reached: none hidden entirely (2.4.11), or each changing pixels (2.4.7).
        case focusReached([String])
        /// The fields the page asks for, for a person to compare with the process's other steps.
        case fields([String])
        /// The help seen on the page, each with its box.
        case help([String])
    }

    public init(criterion: WCAGCriterion, tool: Tool, rule: String, passed: Bool?, text: String, detail: Detail? = nil) {
        self.criterion = criterion
        self.tool = tool
        self.rule = rule
        self.passed = passed
        self.text = text
        self.detail = detail
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
