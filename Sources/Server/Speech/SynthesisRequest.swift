/// Text to synthesize, in one voice and prosody: all a synthesizer is given. A plain value; what
/// synthesis makes of it goes to the `SynthesisReceiver` given with it, and a `SynthesisCancellation`
/// stops it. Tones, sound icons and marks of their own the engine plays itself.
public struct SynthesisRequest: Sendable, Equatable {
    /// The text to speak: plain, or, when `isMarkup`, eSpeak SSML that announcer wrote itself.
    public var text: String
    /// True when the prepared text is SSML of announcer's own making: escaped text with `<mark name="N"/>`
    /// (N a mark's number), `<break time="…"/>` and `<emphasis>` only. Client markup never reaches eSpeak as is.
    public var isMarkup = false
    /// The eSpeak voice name, such as `en` or `nb`.
    public var voice: String
    /// Words per minute, 80 to 450.
    public var rate: Int
    /// 0 to 100.
    public var pitch: Int
    /// 0 to 200.
    public var volume: Int
    /// What turns `text` into what eSpeak is given, applied on the synthesis thread just before
    /// synthesis, so text preparation never runs on the caller's queue; nil gives `text` as it is.
    public var preparation: (any TextPreparation)?

    public init(
        text: String, voice: String, rate: Int = 175, pitch: Int = 50, volume: Int = 100,
        isMarkup: Bool = false, preparation: (any TextPreparation)? = nil
    ) {
        self.text = text
        self.voice = voice
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
        self.isMarkup = isMarkup
        self.preparation = preparation
    }

    /// The request as eSpeak is to be given it: its text prepared, and no preparation left.
    public var prepared: SynthesisRequest {
        guard let preparation else { return self }
        var prepared = self
        prepared.text = preparation.prepare(text)
        prepared.preparation = nil
        return prepared
    }

    public static func == (left: SynthesisRequest, right: SynthesisRequest) -> Bool {
        guard left.text == right.text, left.isMarkup == right.isMarkup, left.voice == right.voice,
              left.rate == right.rate, left.pitch == right.pitch, left.volume == right.volume else { return false }
        switch (left.preparation, right.preparation) {
        case (nil, nil): return true
        case let (left?, right?): return left.isSame(as: right)
        default: return false
        }
    }
}

/// How one synthesis ended.
public enum SynthesisEnd: Sendable, Equatable {
    /// All of the text was synthesized.
    case completed
    /// The request was cancelled, before it began or while it ran, so synthesis stopped early or never started.
    case aborted
    /// eSpeak NG reported an error.
    case failed(SpeechError)
}
