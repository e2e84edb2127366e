/// One check of the screen lint, with a stable code for JSON and JUnit output.
public enum LintRule: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Every interactive element has a non-empty label.
    case label
    /// The focus order is top to bottom unless the screen gives a reason.
    case focusOrder = "focus_order"
    /// Every error is attached to a text field.
    case errorAttached = "error_attached"
    /// Every text colour pair reaches WCAG 2.2's contrast ratio: 4.5:1, or 3:1 for large text.
    case contrast
    /// A group holds at most one interactive element.
    case group
    /// A shown banner takes focus.
    case bannerFocus = "banner_focus"

    /// The stable code: `label`, `focus_order`, `error_attached`, `contrast`, `group`, `banner_focus`.
    public var code: String { rawValue }

    /// What the rule asks, as one sentence, for reports and docs/FLOWS.md.
    public var requirement: String {
        switch self {
        case .label: "Every interactive element has a non-empty label."
        case .focusOrder: "The focus order is top to bottom, unless the screen gives focus_order_reason."
        case .errorAttached: "Every error is attached to a text field."
        case .contrast: "Every text colour pair has a contrast ratio of at least 4.5:1, or 3:1 for large text."
        case .group: "A group holds at most one interactive element."
        case .bannerFocus: "A shown banner takes focus."
        }
    }

    /// Findings are reported rule by rule, in the order the cases are declared.
    public static func < (lhs: LintRule, rhs: LintRule) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
