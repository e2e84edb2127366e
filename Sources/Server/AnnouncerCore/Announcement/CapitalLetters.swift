/// How a capital letter is marked when text is read character by character (SSIP's `CAP_LET_RECOGN`).
public enum CapitalLetters: Sendable, Hashable {
    /// Said with the voice's word for it: "capital A", "stor A" (SSIP `spell`, and the default).
    case spoken
    /// A short sound just before the letter (SSIP `icon`).
    case sound
    /// Not marked: "A" is read as "a" (SSIP `none`).
    case unmarked
}
