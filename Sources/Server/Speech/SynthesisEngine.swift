/// One synthesizer library, driven from the one thread that created it: eSpeak NG's `ESpeakEngine`
/// (module ESpeak). `SynthesisThread` runs one in this process and `SynthesisWorkerMain` in a worker,
/// so only the programs that synthesize link the library.
public protocol SynthesisEngine: AnyObject {
    /// The audio format of every chunk: mono, signed 16-bit, at this rate.
    var sampleRate: Int { get }
    /// The voices it has and the languages they speak.
    var catalog: ESpeakCatalog { get }
    /// Synthesizes `request` (its text prepared already), telling `receiver` each chunk and mark, until
    /// the end or until `cancellation` is cancelled; the end is returned, not told.
    func synthesize(_ request: SynthesisRequest, cancellation: SynthesisCancellation, to receiver: any SynthesisReceiver) -> SynthesisEnd
    /// Its phonemes for `text` in `voice`, as `espeak-ng -x` prints them.
    func phonemes(of text: String, voice: String) throws(SpeechError) -> String
}

/// Starts a synthesis engine on the calling thread, such as `ESpeakEngine.init`.
public typealias SynthesisEngineStart = @Sendable () throws(SpeechError) -> any SynthesisEngine
