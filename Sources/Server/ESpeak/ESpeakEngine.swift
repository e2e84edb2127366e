import CEspeakNG
public import Speech

/// libespeak-ng in synchronous mode: every call runs on the caller's thread.
///
/// The library is one global, non-reentrant instance. Only `SynthesisThread` and the synthesis worker
/// create this type, and only ever call it from the thread that created it.
public final class ESpeakEngine: SynthesisEngine {
    public let sampleRate: Int
    public let catalog: ESpeakCatalog
    private var currentVoice: String?
    private var lastParameters: (rate: Int, pitch: Int, volume: Int)?

    public init() throws(SpeechError) {
        // Listing voices rebuilds a list the library's synthesis reads: done once, before any synthesis.
        catalog = ESpeakCatalog.installed
        // Synchronous mode delivers audio to our callback on this thread; DONT_EXIT keeps
        // the library from calling exit(1) when its data is missing.
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, Int32(espeakINITIALIZE_DONT_EXIT))
        guard rate > 0 else { throw .initializationFailed }
        sampleRate = Int(rate)
        espeak_SetSynthCallback(synthesisCallback)
    }

    /// UTF-8 text with `[[…]]` read as eSpeak phoneme mnemonics (the lexicon's phoneme entries).
    private static let synthesisFlags = espeakCHARS_UTF8 | espeakPHONEMES
    /// The same, with announcer's own SSML read: marks, breaks and emphasis.
    private static let markupFlags = synthesisFlags | espeakSSML

    /// Synthesizes `request` (its text prepared already), telling `receiver` each chunk and mark, until
    /// the end or until `cancellation` is cancelled; the end is returned, not told.
    public func synthesize(
        _ request: SynthesisRequest, cancellation: SynthesisCancellation, to receiver: any SynthesisReceiver
    ) -> SynthesisEnd {
        do throws(SpeechError) {
            try select(voice: request.voice)
        } catch {
            return .failed(error)
        }
        setParameters(rate: request.rate, pitch: request.pitch, volume: request.volume)

        let context = CallbackContext(receiver: receiver, cancellation: cancellation, tellsMarks: request.isMarkup)
        let flags = request.isMarkup ? Self.markupFlags : Self.synthesisFlags
        let unmanaged = Unmanaged.passRetained(context)
        defer { unmanaged.release() }
        // eSpeak wants the size including the terminating NUL.
        let size = request.text.utf8.count + 1
        let result = request.text.withCString { text in
            espeak_Synth(
                text, size, 0, POS_CHARACTER, 0,
                UInt32(flags), nil, unmanaged.toOpaque()
            )
        }
        if context.aborted {
            // An abort can leave prosody changed inside the library until it is cancelled
            // on this same thread; cancelling in synchronous mode returns at once.
            espeak_Cancel()
            lastParameters = nil
            return .aborted
        }
        guard result.rawValue == EE_OK.rawValue else { return .failed(.synthesisFailed(code: result.rawValue)) }
        return .completed
    }

    /// eSpeak's phoneme mnemonics for `text` in `voice`, clause by clause, as `espeak-ng -x` shows them.
    public func phonemes(of text: String, voice: String) throws(SpeechError) -> String {
        try select(voice: voice)
        // A silent synthesis of one space first: it switches phoneme input on (espeak_TextToPhonemes
        // reads [[phonemes]] only while the library's global switch is on, which each espeak_Synth sets
        // from its flags), and it clears text a listing before may have left in the library's clause
        // buffer, which once came out in front of the next word ("a" listed as "ta").
        _ = " ".withCString { espeak_Synth($0, 2, 0, POS_CHARACTER, 0, UInt32(Self.synthesisFlags), nil, nil) }
        var clauses: [String] = []
        text.withCString { start in
            var cursor: UnsafeRawPointer? = UnsafeRawPointer(start)
            while cursor != nil {
                guard let phonemes = espeak_TextToPhonemes(&cursor, espeakCHARS_UTF8, 0) else { break }
                let clause = String(String(cString: phonemes).drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
                if !clause.isEmpty { clauses.append(clause) }
            }
        }
        return clauses.joined(separator: " ")
    }

    private func select(voice: String) throws(SpeechError) {
        // Repeated SetVoiceByName leaks inside the library, so switch only when the voice changes.
        guard voice != currentVoice else { return }
        guard espeak_SetVoiceByName(voice).rawValue == EE_OK.rawValue else {
            currentVoice = nil
            throw .voiceNotFound(voice)
        }
        currentVoice = voice
        lastParameters = nil
    }

    private func setParameters(rate: Int, pitch: Int, volume: Int) {
        guard lastParameters.map({ $0 != (rate, pitch, volume) }) ?? true else { return }
        espeak_SetParameter(espeakRATE, Int32(rate), 0)
        espeak_SetParameter(espeakPITCH, Int32(pitch), 0)
        espeak_SetParameter(espeakVOLUME, Int32(volume), 0)
        lastParameters = (rate, pitch, volume)
    }
}

/// What the C callback needs, passed through eSpeak's `user_data`.
private final class CallbackContext {
    let receiver: any SynthesisReceiver
    let cancellation: SynthesisCancellation
    /// Only announcer's own markup holds marks.
    let tellsMarks: Bool
    var aborted = false
    init(receiver: any SynthesisReceiver, cancellation: SynthesisCancellation, tellsMarks: Bool) {
        self.receiver = receiver
        self.cancellation = cancellation
        self.tellsMarks = tellsMarks
    }
}

/// Called by eSpeak on the synthesizing thread for every chunk; returning 1 aborts synthesis.
private func synthesisCallback(
    _ samples: UnsafeMutablePointer<Int16>?, _ count: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?
) -> Int32 {
    guard let userData = events?.pointee.user_data else { return 0 }
    let context = Unmanaged<CallbackContext>.fromOpaque(userData).takeUnretainedValue()
    if context.aborted || context.cancellation.isCancelled {
        context.aborted = true
        return 1
    }
    if context.tellsMarks, var event = events {
        // The chunk's events come with it, ended by LIST_TERMINATED; a mark's `sample` counts from the
        // request's start. Only announcer's own numeric names are sent, so any other name is ignored.
        while event.pointee.type != espeakEVENT_LIST_TERMINATED {
            if event.pointee.type == espeakEVENT_MARK, let name = event.pointee.id.name,
               let mark = Int(String(cString: name)) {
                context.receiver.receive(.mark(mark, samplesBefore: Int(event.pointee.sample)))
            }
            event += 1
        }
    }
    if let samples, count > 0 {
        context.receiver.receive(.audio(UnsafeBufferPointer(start: samples, count: Int(count))))
        // A receiver that wants no more, or a cut meanwhile, stops synthesis here.
        if context.cancellation.isCancelled {
            context.aborted = true
            return 1
        }
    }
    return 0
}
