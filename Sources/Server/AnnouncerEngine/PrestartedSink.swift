public import Audio
import Blocking
import Synchronization

/// An ALSA device opened in the background while a server starts (`SpeechEngine.prestart`), at the rate
/// eSpeak NG speaks at, and handed to the first engine that asks for the same device at that rate.
///
/// Opening ALSA's default device through PulseAudio or PipeWire connects to the sound server and makes a
/// stream: about 5 ms, which otherwise waited for the synthesis worker's start instead of running beside it.
/// The rate is eSpeak NG's, 22,050 Hz for every voice of 1.51; should a worker ever say another, the engine
/// opens the device again at that one, and only the time is lost.
final class PrestartedSink: Sendable {
    let spec: SinkSpec
    let waitingForDevice: Bool
    /// The open sink, or the failure, once.
    private let result = BlockingQueue<Result<any AudioSink, AudioError>>()

    /// The rate eSpeak NG 1.51 synthesizes every voice at.
    static let expectedSampleRate = 22_050

    private static let pending = Mutex<PrestartedSink?>(nil)

    private init(spec: SinkSpec, waitingForDevice: Bool) {
        self.spec = spec
        self.waitingForDevice = waitingForDevice
    }

    /// Opens `spec` at eSpeak's rate on a thread of its own. Only ALSA devices are opened ahead: a null
    /// sink costs nothing, and a WAV file must not appear before the engine starts.
    static func begin(_ spec: SinkSpec, waitingForDevice: Bool) {
        guard case .alsa = spec else { return }
        let prestarted = PrestartedSink(spec: spec, waitingForDevice: waitingForDevice)
        pending.withLock { $0 = prestarted }
        DedicatedThread.start(name: "announcer.sink-prestart") {
            let format = AudioFormat(sampleRate: expectedSampleRate)
            prestarted.result.append(Result { () throws(AudioError) in
                let sink = try spec.open(format: format, waitingForDevice: waitingForDevice)
                // Started once and stopped, the stream is linked and its format settled now, not when the
                // first announcement plays: at a cold start through PulseAudio it put 5.6 ms between the first
                // audio and its being heard, against under 1 ms later. Then it is made ready again. The sink is this thread's alone until it is taken.
                sink.rest()
                try? sink.beginUtterance()
                return sink
            })
        }
    }

    /// The sink opened ahead for `spec` at `format`, waiting for the open to finish; nil when none was begun,
    /// or it failed, or it was for another device, rate or handling: that one is closed, and the caller opens
    /// its own and reports any failure.
    static func take(_ spec: SinkSpec, format: AudioFormat, waitingForDevice: Bool) -> (any AudioSink)? {
        guard let prestarted = pending.withLock({ pending -> PrestartedSink? in
            defer { pending = nil }
            return pending
        }) else { return nil }
        // The open always answers exactly once, so this take always gets an element.
        guard case let .success(sink) = prestarted.result.take()! else { return nil }
        guard prestarted.spec == spec, prestarted.waitingForDevice == waitingForDevice, sink.format == format else {
            sink.close()
            return nil
        }
        return sink
    }
}
