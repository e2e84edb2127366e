/// How a request's text becomes what eSpeak is given (normalization, lexicon, spelling, punctuation,
/// the markup of an SSML run), as a value the request carries and the synthesizer applies on its own thread.
public protocol TextPreparation: Sendable, Equatable {
    /// What eSpeak is given for `text`. Text in `[[ ]]` is read as eSpeak phonemes.
    func prepare(_ text: String) -> String
}

extension TextPreparation {
    /// Whether `other` is the same preparation: of the same type, and equal.
    func isSame(as other: any TextPreparation) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
