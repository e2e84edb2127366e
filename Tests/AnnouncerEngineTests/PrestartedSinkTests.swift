import Audio
import Testing
import TestSupport
@testable import AnnouncerEngine

/// The ALSA device a server opens beside its worker's start (`EngineHeadStart.openSink`), on a real audio
/// server: handed once to an engine that asks for it at eSpeak's rate, never at another rate or for another device.
@Suite(.serialized, .enabled(if: PulseAudioCapture.isAvailable, "needs the PulseAudio null sink that scripts/test starts"))
struct PrestartedSinkTests {
    let device = SinkSpec.alsa(device: "default")
    let eSpeakRate = AudioFormat(sampleRate: PrestartedSink.expectedSampleRate)

    /// A head start that opens the device only, as a test needs: no synthesis worker.
    func deviceOnly(_ spec: SinkSpec, waitingForDevice: Bool = true) -> EngineHeadStart {
        let headStart = EngineHeadStart(startingWorker: false)
        headStart.openSink(spec, waitingForDevice: waitingForDevice)
        return headStart
    }

    @Test("An ALSA device opened ahead is taken once, open, at eSpeak's rate; a second engine opens its own")
    func openedDeviceIsTakenOnce() throws {
        let headStart = deviceOnly(device)
        let sink = try #require(headStart.takeSink(device, format: eSpeakRate, waitingForDevice: true))
        #expect(sink.format == eSpeakRate)
        #expect(sink.name == device.description)
        #expect(headStart.takeSink(device, format: eSpeakRate, waitingForDevice: true) == nil)
        sink.close()
    }

    @Test("A device opened ahead is not taken at another rate, for another device, or with other device handling")
    func mismatchedRequestsOpenTheirOwn() {
        #expect(deviceOnly(device).takeSink(device, format: AudioFormat(sampleRate: 16_000), waitingForDevice: true) == nil)
        #expect(deviceOnly(device).takeSink(.alsa(device: "null"), format: eSpeakRate, waitingForDevice: true) == nil)
        #expect(deviceOnly(device).takeSink(device, format: eSpeakRate, waitingForDevice: false) == nil)
    }

    @Test("A device opened again replaces the first, which is closed; the second is the one taken")
    func secondOpenReplacesTheFirst() throws {
        let headStart = deviceOnly(device)
        headStart.openSink(device, waitingForDevice: false)
        #expect(headStart.takeSink(device, format: eSpeakRate, waitingForDevice: true) == nil)
        let again = deviceOnly(device)
        again.openSink(device, waitingForDevice: false)
        let sink = try #require(again.takeSink(device, format: eSpeakRate, waitingForDevice: false))
        sink.close()
    }

    @Test("Only ALSA devices are opened ahead: a null sink costs nothing, and a WAV file must not appear early")
    func onlyALSAIsOpenedAhead() {
        #expect(deviceOnly(.null).takeSink(.null, format: eSpeakRate, waitingForDevice: true) == nil)
    }
}
