/// A state a screen reader says after an element's role: on, off, mixed, selected, expanded, collapsed,
/// dimmed, required, invalid, read only, busy. `on` and `off` are said in the role's words (checked,
/// pressed, on); the order of the cases is the order they are said in.
public enum ElementState: String, Sendable, Hashable, CaseIterable, Comparable {
    case on
    case off
    /// A check box that is partly checked (`aria-checked="mixed"`).
    case mixed
    case selected
    /// A disclosure, menu button or combo box that shows what it controls (`aria-expanded="true"`).
    case expanded
    /// One that hides it (`aria-expanded="false"`).
    case collapsed
    case disabled
    case required
    case invalid
    /// A field that can be read but not changed (`aria-readonly`, `readonly`).
    case readonly
    /// Several can be chosen (`aria-multiselectable`).
    case multiselectable
    case busy

    /// Expanded or collapsed, which Orca says in another place than the other states.
    public var isExpansion: Bool { self == .expanded || self == .collapsed }

    /// The key of the state's word in a voice profile: `states.on`.
    public var wordKey: String { "states.\(rawValue)" }

    /// The order states are said in.
    public static func < (lhs: ElementState, rhs: ElementState) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The names accepted in a flow file, for error messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
