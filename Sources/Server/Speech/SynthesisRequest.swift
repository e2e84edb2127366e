/// Text to synthesize and where its audio goes: all a synthesizer is given. Marks between words come
/// back through `reachedMark`; tones, sound icons and marks of their own the engine plays itself.
public struct SynthesisRequest: Sendable {
    /// The text to speak: plain, or, when `isMarkup`, eSpeak SSML that announcer wrote itself.
    public var text: String
    /// True when `text` is SSML of announcer's own making: escaped text with `<mark name="N"/>` (N a
    /// mark's number), `<break time="…"/>` and `<emphasis>` only. Client markup never reaches eSpeak as is.
    public var isMarkup = false
    /// Called on the synthesizing thread when synthesis reaches `<mark name="N"/>`: N, and the number of
    /// samples of this request's audio before the mark. It comes before the chunk that holds that sample.
    public var reachedMark: (@Sendable (_ mark: Int, _ samplesBefore: Int) -> Void)?
    /// The eSpeak voice name, such as `en` or `nb`.
    public var voice: String
    /// Words per minute, 80 to 450.
    public var rate: Int
    /// 0 to 100.
    public var pitch: Int
    /// 0 to 200.
    public var volume: Int
    /// Receives each chunk of mono signed 16-bit PCM at the thread's `sampleRate`; returns false to abort.
    public var deliver: @Sendable (UnsafeBufferPointer<Int16>) -> Bool
    /// Called once, on the synthesis thread, when synthesis stops.
    public var finish: @Sendable (SynthesisEnd) -> Void
    /// Asked just before synthesis starts: true skips it, ending `aborted` without touching eSpeak.
    /// A request cancelled while it waited then costs nothing, so it never delays the ones behind it.
    public var isCancelled: @Sendable () -> Bool
    /// Turns `text` into what eSpeak is given, on the synthesis thread just before synthesis,
    /// so text preparation never runs on the caller's queue. Text in `[[ ]]` is read as eSpeak phonemes.
    public var preparation: (@Sendable (String) -> String)?

    public init(
        text: String, voice: String, rate: Int = 175, pitch: Int = 50, volume: Int = 100,
        deliver: @escaping @Sendable (UnsafeBufferPointer<Int16>) -> Bool,
        finish: @escaping @Sendable (SynthesisEnd) -> Void,
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) {
        self.text = text
        self.voice = voice
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
        self.deliver = deliver
        self.finish = finish
        self.isCancelled = isCancelled
    }
}

extension SynthesisRequest {
    /// The request as eSpeak is to be given it, its text prepared; or nil, the request ended `aborted`,
    /// when it was cancelled while it waited. Both synthesizers call it just before synthesis.
    func readyToSynthesize() -> SynthesisRequest? {
        guard !isCancelled() else {
            finish(.aborted)
            return nil
        }
        var prepared = self
        if let preparation { prepared.text = preparation(text) }
        return prepared
    }
}

/// How one synthesis ended.
public enum SynthesisEnd: Sendable, Equatable {
    /// All of the text was synthesized.
    case completed
    /// `deliver` returned false, so synthesis stopped early; or the request was cancelled before it began.
    case aborted
    /// eSpeak NG reported an error.
    case failed(SpeechError)
}
