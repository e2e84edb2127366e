/// What synthesis of one request gives its receiver, in order, on the synthesizing thread.
public enum SynthesisEvent {
    /// A chunk of mono signed 16-bit PCM at the synthesizer's `sampleRate`, valid only during the call:
    /// a receiver that keeps it copies it.
    case audio(UnsafeBufferPointer<Int16>)
    /// Synthesis reached `<mark name="N"/>`: N, and the number of samples of this request's audio before
    /// it. It comes before the chunk that holds that sample.
    case mark(Int, samplesBefore: Int)
    /// Synthesis stopped; always the last event, and exactly one per request.
    case ended(SynthesisEnd)
}
