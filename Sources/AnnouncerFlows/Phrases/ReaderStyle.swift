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
    public var order: [PhraseComposer.Part] {
        switch self {
        case .voiceover: [.label, .value, .role, .checked, .state, .position, .error]
        case .talkback: [.checked, .label, .value, .role, .state, .position, .error]
        case .nvda, .orca: [.label, .role, .checked, .state, .value, .position, .error]
        }
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
