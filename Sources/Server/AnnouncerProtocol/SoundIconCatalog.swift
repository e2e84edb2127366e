/// What a protocol asks of the sound-icon folders before it accepts a sound icon by name.
public protocol SoundIconCatalog: Sendable {
    /// Whether `name` can be played, is found nowhere (then its name is spoken), or is refused.
    func check(_ name: String) -> SoundIconCheck
}

/// The answer of a `SoundIconCatalog`.
public enum SoundIconCheck: Sendable, Equatable {
    /// A sound folder has it, and it can be read.
    case playable
    /// No sound folder has it: its name is spoken as words instead.
    case notFound
    /// It is not a name, or the file found cannot be played: one sentence saying so, naming it.
    case refused(String)
}
