/// How an announcement's text is read: as words, character by character, or as the name of a key.
public enum TextReading: Sendable, Hashable {
    /// Normalized and read as words, with punctuation named to the announcement's level.
    case words
    /// Spelled: each character by its name ("capital A", "at sign").
    case characters
    /// A key or key combination in Speech Dispatcher's naming (`shift_a`, `control_alt_delete`, `kp-enter`), read as key names.
    case key
}
