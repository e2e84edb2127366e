import AnnouncerCore
import AnnouncerVoices
import Speech

/// A voice profile's preparation of an announcement's words, as a value a `SynthesisRequest` carries:
/// normalization, lexicon, spelling and punctuation, or, for an SSML run, its markup with only the words prepared.
struct WordsPreparation: TextPreparation {
    let profile: VoiceProfile
    let reading: TextReading
    let capitals: CapitalLetters
    let punctuation: PunctuationLevel
    /// The SSML run whose markup is written, its words prepared; nil for plain text, which is prepared whole.
    var run: ScriptRun.SpeechRun?

    func prepare(_ text: String) -> String {
        guard let run else { return words(text) }
        // The markup is announcer's own: only the words in it are prepared, never the markup.
        return run.markup(prepare: words)
    }

    private func words(_ text: String) -> String {
        profile.prepare(text, reading: reading, capitals: capitals, punctuationLevel: punctuation)
    }
}
