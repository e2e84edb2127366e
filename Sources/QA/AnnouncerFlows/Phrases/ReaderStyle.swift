/// Whose phrasing the virtual reader speaks in: VoiceOver's (the default), TalkBack's, NVDA's or Orca's
/// words and order, chosen with a flow's `style:` or `--style`. Not to be confused with `--reader orca`,
/// which puts the real Orca in the loop (`RealReader`).
public enum ReaderStyle: String, Sendable, Hashable, CaseIterable {
    case voiceover
    case talkback
    case nvda
    case orca

    /// Its name in sentences.
    public var displayName: String {
        switch self {
        case .voiceover: "VoiceOver"
        case .talkback: "TalkBack"
        case .nvda: "NVDA"
        case .orca: "Orca"
        }
    }

    /// The order the parts of a phrase are said in, each reader's own: TalkBack says a check box's state
    /// before its name; NVDA and Orca say the role before the state and the value.
    public var order: [PhraseComposer.Part] { order(for: nil) }

    /// The order for an element of `role`. Orca 43's speech generator has one per role
    /// (orca/formatting.py): a push button's expanded or collapsed before its role, a spin button's value
    /// before its role, a radio button's state before its role, a combo box without its expanded state,
    /// and the pop-up (`hasPopup`, a suffix there) after everything else. The other readers have one order.
    public func order(for role: Role?) -> [PhraseComposer.Part] {
        switch self {
        case .voiceover: return [.label, .value, .role, .checked, .expansion, .state, .popup, .position, .error]
        case .talkback: return [.checked, .label, .value, .role, .expansion, .state, .popup, .position, .error]
        case .nvda: return [.label, .role, .checked, .expansion, .state, .popup, .value, .position, .error]
        case .orca:
            switch role {
            case .button, .imageButton: return [.label, .expansion, .role, .checked, .state, .value, .position, .error, .popup]
            case .comboBox: return [.label, .role, .value, .checked, .state, .position, .error, .popup]
            case .spinButton: return [.label, .value, .role, .checked, .expansion, .state, .position, .error, .popup]
            case .radio: return [.label, .checked, .role, .expansion, .state, .value, .position, .error, .popup]
            default: return [.label, .role, .checked, .expansion, .state, .value, .position, .error, .popup]
            }
        }
    }

    /// False when the reader names no container around this element: Orca 43 says none for a link or a
    /// landmark outside a table (orca/scripts/web/speech_generator.py, `_generateAncestors`), neither the
    /// ones focus enters nor the ones it leaves.
    public func namesContext(around element: Element) -> Bool {
        guard self == .orca else { return true }
        let bare: Set<Role> = [.link, .bannerLandmark, .navigation, .main, .complementary, .contentInfo, .region, .search, .form]
        return !bare.contains(element.role) || element.context.contains { $0.role == .table || $0.role == .grid }
    }

    /// Between the parts: a comma, which eSpeak reads as a short pause; Orca speaks its parts with
    /// spaces between, as its speech generator joins them.
    public var separator: String { self == .orca ? " " : ", " }

    /// True for a reader that says only what changed when the focused element changes in place (a check
    /// box's new state, a slider's new value: "checked", "6"), as NVDA and Orca do; the others read it again.
    public var saysChangesOnly: Bool { self == .nvda || self == .orca }

    /// The names accepted in a flow file and by `--style`, for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
