import Dispatch
import ESpeak
import Speech
import Synchronization
import Testing

/// libespeak-ng, really called, on the process's one synthesis thread.
@Suite struct SynthesisThreadTests {
    let thread: SynthesisThread

    init() throws { thread = try SynthesisThread.eSpeak() }

    @Test("English text becomes one to four seconds of non-silent speech")
    func englishTextBecomesSpeech() {
        let (samples, end) = synthesize("Error: Must be a valid email address", voice: "en")
        #expect(end == .completed)
        let seconds = Double(samples.count) / Double(thread.sampleRate)
        #expect((1.0...4.0).contains(seconds))
        #expect(rms(samples) > 1_000)
    }

    @Test("Norwegian text is spoken with the Norwegian voice's own phonemes")
    func norwegianUsesNorwegianPhonemes() throws {
        let sentence = "Feil: Skriv inn en gyldig e-postadresse"
        let norwegian = try thread.phonemes(of: sentence, voice: "nb")
        let english = try thread.phonemes(of: sentence, voice: "en")
        #expect(!norwegian.isEmpty)
        #expect(norwegian != english)
        let (samples, end) = synthesize(sentence, voice: "nb")
        #expect(end == .completed)
        #expect(rms(samples) > 1_000)
    }

    @Test("A request's preparation runs before synthesis: what eSpeak reads is the prepared text")
    func preparationChangesWhatIsSynthesized() {
        let (plain, _) = synthesize("Hi", voice: "en")
        let (prepared, end) = synthesize("Hi", voice: "en", preparation: AppendingPreparation(sentence: ", this sentence was added by the preparation step."))
        #expect(end == .completed)
        #expect(prepared.count > plain.count * 3)
    }

    @Test("Text in [[ ]] is read as eSpeak phonemes, in synthesis and in the phoneme listing")
    func phonemeInputIsRead() throws {
        #expect(try thread.phonemes(of: "[[b'ANkId'e:]]", voice: "nb") == "b'ANkId'e:")
        let (samples, end) = synthesize("[[h@l'oU]]", voice: "en")
        #expect(end == .completed)
        #expect(rms(samples) > 1_000)
        let (spelledOut, _) = synthesize("open bracket open bracket h at l apostrophe o U close bracket close bracket", voice: "en")
        #expect(samples.count * 3 < spelledOut.count, "the brackets were read as phonemes, not as words")
    }

    @Test("The sample rate is eSpeak NG's 22050 Hz")
    func sampleRateIsEspeakNative() {
        #expect(thread.sampleRate == 22_050)
    }

    @Test("A receiver that cancels its request at the first chunk stops synthesis after that chunk")
    func abortStopsAfterOneChunk() {
        let chunks = Mutex(0)
        let (_, end) = synthesize(String(repeating: "This sentence is long and keeps going. ", count: 40), voice: "en") { _ in
            chunks.withLock { $0 += 1 }
            return false
        }
        #expect(end == .aborted)
        #expect(chunks.withLock { $0 } == 1)
    }

    @Test("A request cancelled before its turn ends aborted without any audio, and the next is spoken")
    func cancelledRequestIsSkipped() {
        let delivered = Mutex(0)
        let end = Mutex<SynthesisEnd?>(nil)
        let done = DispatchSemaphore(value: 0)
        let cancellation = SynthesisCancellation()
        cancellation.cancel()
        thread.enqueue(SynthesisRequest(text: "This is never spoken.", voice: "en"), cancellation: cancellation, to: EventCallback { event in
            switch event {
            case .audio: delivered.withLock { $0 += 1 }
            case .mark: break
            case let .ended(result):
                end.withLock { $0 = result }
                done.signal()
            }
        })
        #expect(done.wait(timeout: .now() + 10) == .success, "the cancelled request never finished")
        #expect(end.withLock { $0 } == .aborted)
        #expect(delivered.withLock { $0 } == 0)
        let (samples, nextEnd) = synthesize("This is spoken.", voice: "en")
        #expect(nextEnd == .completed)
        #expect(!samples.isEmpty)
    }

    @Test("An abort does not leave the next utterance with changed prosody")
    func abortLeavesProsodyUnchanged() {
        let sentence = "Sign in, button"
        let (before, _) = synthesize(sentence, voice: "en", rate: 175)
        _ = synthesize(String(repeating: "Fast words go by. ", count: 20), voice: "en", rate: 450) { _ in false }
        let (after, _) = synthesize(sentence, voice: "en", rate: 175)
        // eSpeak's length varies by a few samples from run to run; a leaked rate of 450
        // would make it well over twice as short.
        let ratio = Double(after.count) / Double(before.count)
        #expect((0.9...1.1).contains(ratio), "length ratio \(ratio)")
    }

    @Test("A faster rate gives shorter speech")
    func rateChangesDuration() {
        let sentence = "Password, secure text field"
        let (slow, _) = synthesize(sentence, voice: "en", rate: 120)
        let (fast, _) = synthesize(sentence, voice: "en", rate: 400)
        #expect(fast.count * 2 < slow.count)
    }

    @Test("Volume scales the amplitude")
    func volumeScalesAmplitude() {
        let (quiet, _) = synthesize("Sign in", voice: "en", volume: 30)
        let (loud, _) = synthesize("Sign in", voice: "en", volume: 200)
        #expect(rms(loud) > 3 * rms(quiet))
    }

    @Test("An unknown voice fails with a sentence naming it")
    func unknownVoiceFails() {
        let (samples, end) = synthesize("Hello", voice: "xx-no-such-voice")
        #expect(samples.isEmpty)
        #expect(end == .failed(.voiceNotFound("xx-no-such-voice")))
        #expect(SpeechError.voiceNotFound("xx-no-such-voice").description.contains("xx-no-such-voice"))
    }

    private func synthesize(
        _ text: String, voice: String, rate: Int = 175, volume: Int = 100,
        deliver: (@Sendable (UnsafeBufferPointer<Int16>) -> Bool)? = nil,
        preparation: (any TextPreparation)? = nil
    ) -> ([Int16], SynthesisEnd) {
        let samples = Mutex<[Int16]>([])
        let end = Mutex<SynthesisEnd?>(nil)
        let done = DispatchSemaphore(value: 0)
        let request = SynthesisRequest(text: text, voice: voice, rate: rate, volume: volume, preparation: preparation)
        let cancellation = SynthesisCancellation()
        // `deliver` returning false cancels the request, as a receiver whose utterance was cut does.
        thread.enqueue(request, cancellation: cancellation, to: EventCallback { event in
            switch event {
            case let .audio(chunk):
                samples.withLock { $0 += chunk }
                if deliver?(chunk) == false { cancellation.cancel() }
            case .mark: break
            case let .ended(result):
                end.withLock { $0 = result }
                done.signal()
            }
        })
        done.wait()
        return (samples.withLock { $0 }, end.withLock { $0! })
    }
}

func rms(_ samples: [Int16]) -> Double {
    guard !samples.isEmpty else { return 0 }
    let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
    return (sum / Double(samples.count)).squareRoot()
}
