/// Something that synthesizes requests one at a time, in order: eSpeak NG on a thread of this
/// process (`SynthesisThread`), or in a supervised worker process (`IsolatedSynthesizer`).
public protocol Synthesizer: Sendable {
    /// The audio format of every chunk: mono, signed 16-bit, at this rate.
    var sampleRate: Int { get }
    /// The voices the synthesizer has and the languages they speak.
    var catalog: ESpeakCatalog { get }
    /// Queues a request; it runs after those before it, its events going to `receiver`, until
    /// `cancellation` is cancelled. Returns at once.
    func enqueue(_ request: SynthesisRequest, cancellation: SynthesisCancellation, to receiver: any SynthesisReceiver)
}

extension SynthesisThread: Synthesizer {}
