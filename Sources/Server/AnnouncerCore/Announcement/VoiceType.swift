/// The kind of voice a client asked for, in Speech Dispatcher's terms; the synthesizer speaks each
/// with the nearest variant it has.
public enum VoiceType: String, Sendable, Hashable, CaseIterable {
    case male1, male2, male3, female1, female2, female3, childMale = "child_male", childFemale = "child_female"

    /// Reads SSIP's name for it, in any case: `MALE1`, `female2`, `CHILD_FEMALE`.
    public init?(ssipName: String) { self.init(rawValue: ssipName.lowercased()) }

    /// SSIP's name for it, as `LIST VOICES` and `GET VOICE_TYPE` give it.
    public var ssipName: String { rawValue.uppercased() }
}
