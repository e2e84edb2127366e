import AnnouncerCore
import AnnouncerScheduling
import AnnouncerVoices
import Audio
import Foundation
import ESpeak
import Speech
import Synchronization
import Testing
@testable import AnnouncerEngine

/// English inside a Bokmål announcement, spoken through the real pipeline and eSpeak NG: each part is
/// given to eSpeak with its own profile's voice and preparation, into one stream with one first audio.
/// (eSpeak's samples differ from run to run, as its fricatives are noise, so the voices are checked
/// at the synthesizer's door rather than in the audio.)
@Suite struct LanguageSwitchingSpeechTests {
    /// The real eSpeak NG synthesis thread, with each request's voice and prepared text noted on the way in.
    final class NotingSynthesizer: Synthesizer {
        let real: SynthesisThread
        let given = Mutex<[(voice: String, text: String)]>([])
        init() throws { real = try SynthesisThread.eSpeak() }
        var sampleRate: Int { real.sampleRate }
        var catalog: ESpeakCatalog { real.catalog }
        func enqueue(_ request: SynthesisRequest, cancellation: SynthesisCancellation, to receiver: any SynthesisReceiver) {
            given.withLock { $0.append((request.voice, request.prepared.text)) }
            real.enqueue(request, cancellation: cancellation, to: receiver)
        }
    }

    private func speak(_ text: String, _ language: Language, switching: Bool, script: SpeechScript? = nil) throws -> (given: [String], firstAudio: Int, result: SpeechResult?) {
        let synthesis = try NotingSynthesizer()
        var voices = VoiceLibrary.standard()
        voices.switchesLanguage = switching
        let sink = try SinkSpec.null.open(format: AudioFormat(sampleRate: synthesis.sampleRate))
        let device = AudioDeviceWatch(name: "null", handling: .wait) { _, _ in }
        let pipeline = SpeechPipeline(synthesis: synthesis, sink: sink, voices: voices, policy: .standard, device: device, handling: .wait)
        let reports = Mutex<[SpeechReport]>([])
        let done = DispatchSemaphore(value: 0)
        var announcement = try Announcement(text: text, language: language, prosody: Prosody(rate: 450), arrival: .now())
        announcement.script = script
        pipeline.speak(announcement) { report in
            reports.withLock { $0.append(report) }
            if case .finished = report { done.signal() }
        }
        #expect(done.wait(timeout: .now() + 15) == .success)
        let result = reports.withLock { $0.compactMap { report -> SpeechResult? in
            if case let .finished(result, _) = report { return result }
            return nil
        }.first }
        let firstAudio = reports.withLock { $0.count { if case .firstAudio = $0 { true } else { false } } }
        return (synthesis.given.withLock { $0.map { "\($0.voice): \($0.text)" } }, firstAudio, result)
    }

    @Test("An English error inside a Bokmål announcement goes to eSpeak's English voice, with one first audio")
    func theEnglishPartIsSpokenByTheEnglishVoice() throws {
        let spoken = try speak("Feil: Network request failed", .norwegianBokmal, switching: true)
        #expect(spoken.given == ["nb: Feil: ", "en: Network request failed"])
        #expect(spoken.firstAudio == 1)
        #expect(spoken.result == .completed)
    }

    @Test("With language switching off, the whole Bokmål announcement goes to the Bokmål voice")
    func switchingOffSpeaksOneVoice() throws {
        let spoken = try speak("Feil: Network request failed", .norwegianBokmal, switching: false)
        #expect(spoken.given == ["nb: Feil: Network request failed"])
        #expect(spoken.result == .completed)
    }
    @Test("English inside an SSML announcement's Bokmål text goes to the English voice, its marks kept in order")
    func theEnglishPartOfMarkupIsSpokenByTheEnglishVoice() throws {
        let script = SpeechScript(parts: [.text("Feil: Network request failed", .plain), .mark("slutt"), .text("Prøv igjen", .plain)])
        let spoken = try speak(script.plainText, .norwegianBokmal, switching: true, script: script)
        // A mark between runs joins the words after it, as in any SSML announcement.
        #expect(spoken.given == ["nb: Feil:  ", "en: Network request failed ", "nb: <mark name=\"0\"/>Prøv igjen "])
        #expect(spoken.firstAudio == 1)
        #expect(spoken.result == .completed)
    }
}
