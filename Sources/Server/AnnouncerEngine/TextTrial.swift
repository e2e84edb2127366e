public import AnnouncerCore
public import AnnouncerVoices
public import Speech

/// What a text becomes on its way to eSpeak NG, for people who write lexicon entries: the text a
/// voice profile prepares from it (normalized, lexicon applied, punctuation named) and eSpeak's phonemes for that.
public struct TextTrial: Sendable {
    /// The profile the text was prepared with; eSpeak's own voice at its defaults when the language has none.
    public let profile: VoiceProfile
    /// True when a profile file gave the language's tables; false when eSpeak's voice speaks it alone.
    public let hasProfile: Bool
    /// The text as eSpeak is given it; phonemes from the lexicon stand in `[[ ]]`.
    public let prepared: String
    /// eSpeak's phoneme mnemonics for `prepared`, as `espeak-ng -x` prints them.
    public let phonemes: String

    /// Prepares `text` in `language` with `voices`, and asks `synthesis` (`SynthesisThread.eSpeak()`) for its phonemes.
    public init(
        text: String, language: Language, voices: VoiceLibrary,
        reading: TextReading = .words, punctuation: PunctuationLevel = .some, synthesis: SynthesisThread
    ) throws(SpeechError) {
        profile = voices.speakingProfile(for: language)
        hasProfile = voices.profile(for: language) != nil
        prepared = profile.prepare(text, reading: reading, punctuationLevel: punctuation)
        phonemes = try synthesis.phonemes(of: prepared, voice: profile.espeakVoice)
    }
}
