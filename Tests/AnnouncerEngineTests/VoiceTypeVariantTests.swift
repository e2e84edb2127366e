import AnnouncerCore
import Testing
@testable import AnnouncerEngine

/// SSIP voice types become the eSpeak NG variants Speech Dispatcher 0.11's eSpeak module chooses.
@Suite struct VoiceTypeVariantTests {
    @Test("Each voice type speaks with Speech Dispatcher's variant, and MALE1 with the voice itself")
    func voiceTypesMapToSpeechDispatchersVariants() {
        let spoken = VoiceType.allCases.map { $0.espeakVoice(from: "en") }
        #expect(spoken == ["en", "en+m2", "en+m3", "en+f2", "en+f3", "en+f4", "en+f2", "en+f2"])
    }

    @Test("A profile's own variant is replaced, not stacked")
    func profileVariantIsReplaced() {
        #expect(VoiceType.female3.espeakVoice(from: "nb+m1") == "nb+f4")
        #expect(VoiceType.male1.espeakVoice(from: "nb+m1") == "nb+m1")
    }
}
