import Audio
import Testing
import TestSupport
@testable import AnnouncerEngine

/// The ALSA device a server opens beside its worker's start (`SpeechEngine.prestart`), on a real audio
/// server: handed once to an engine that asks for it at eSpeak's rate, never at another rate or for another device.
@Suite(.serialized, .enabled(if: PulseAudioCapture.isAvailable, "needs the PulseAudio null sink that scripts/test starts"))
struct PrestartedSinkTests {
    let device = SinkSpec.alsa(device: "default")
    let eSpeakRate = AudioFormat(sampleRate: PrestartedSink.expectedSampleRate)

    @Test("An ALSA device opened ahead is taken once, open, at eSpeak's rate; a second engine opens its own")
    func openedDeviceIsTakenOnce() throws {
        PrestartedSink.begin(device, waitingForDevice: true)
        let sink = try #require(PrestartedSink.take(device, format: eSpeakRate, waitingForDevice: true))
        #expect(sink.format == eSpeakRate)
        #expect(sink.name == device.description)
        #expect(PrestartedSink.take(device, format: eSpeakRate, waitingForDevice: true) == nil)
        sink.close()
    }

    @Test("A device opened ahead is not taken at another rate, for another device, or with other device handling")
    func mismatchedRequestsOpenTheirOwn() {
        PrestartedSink.begin(device, waitingForDevice: true)
        #expect(PrestartedSink.take(device, format: AudioFormat(sampleRate: 16_000), waitingForDevice: true) == nil)
        PrestartedSink.begin(device, waitingForDevice: true)
        #expect(PrestartedSink.take(.alsa(device: "null"), format: eSpeakRate, waitingForDevice: true) == nil)
        PrestartedSink.begin(device, waitingForDevice: true)
        #expect(PrestartedSink.take(device, format: eSpeakRate, waitingForDevice: false) == nil)
    }

    @Test("Only ALSA devices are opened ahead: a null sink costs nothing, and a WAV file must not appear early")
    func onlyALSAIsOpenedAhead() {
        PrestartedSink.begin(.null, waitingForDevice: true)
        #expect(PrestartedSink.take(.null, format: eSpeakRate, waitingForDevice: true) == nil)
    }
}
