import Foundation
import Speech

/// One step of an announcement as it is heard, in order: the engine walks them, giving only the words
/// to the synthesizer and playing the marks, tones, cues, silences and sound icons itself.
enum UtteranceEvent: Sendable {
    /// Words for the synthesizer, in one voice and prosody, with the numbers of the index marks its
    /// markup holds, in order. Where the audio goes is bound when the engine walks the events.
    case text(SynthesisRequest, marks: [Int])
    /// Index mark number N, with no words around it.
    case mark(Int)
    /// A pure tone (Emacspeak's `t`, SSML's tone) at `volume`, 0 to 200.
    case tone(hertz: Int, duration: Duration, volume: Int)
    /// Samples played as they are, such as the capital-letter cue.
    case cue([Int16])
    /// Silence between sounds or tones, where there are no words for eSpeak to pause within.
    case silence(Duration)
    /// A sound icon by name or SSML `<audio src>`; `fallback` is spoken when it cannot be played.
    case soundIcon(name: String, fallback: [UtteranceEvent])

}
