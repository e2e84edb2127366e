public import Speech

extension SynthesisThread {
    /// The process's synthesis thread, running eSpeak NG: a crash in the library ends the process, so
    /// `announce` uses it only where no worker is found, and to read phonemes.
    public static func eSpeak() throws(SpeechError) -> SynthesisThread {
        try shared(starting: ESpeakEngine.start)
    }
}

extension ESpeakEngine {
    /// Starts eSpeak NG on the calling thread: what `SynthesisThread` and the worker are given.
    public static let start: SynthesisEngineStart = { () throws(SpeechError) in try ESpeakEngine() }
}
