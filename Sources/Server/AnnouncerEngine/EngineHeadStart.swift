public import Audio
import Speech
import Synchronization

/// What a program's start begins ahead of its engine, each on a thread of its own, so that reading the
/// command line, the voice profiles and binding the sockets run meanwhile: the synthesis worker that
/// `SynthesisPlacement.standard` will use, and the audio device. One object, made first thing by the
/// program and handed to the engine it starts (`SpeechEngine`'s `headStart`), which takes what it began.
public final class EngineHeadStart: Sendable {
    private let sink = Mutex<PrestartedSink?>(nil)

    /// Begins starting the synthesis worker, with a warm standby when `warmStandby`, when `startingWorker`;
    /// nothing when no worker is found.
    public init(startingWorker: Bool = true, warmStandby: Bool = false) {
        guard startingWorker, let executable = IsolatedSynthesizer.defaultExecutable() else { return }
        IsolatedSynthesizer.prestart(executable: executable, keepsStandby: warmStandby)
    }

    /// Begins opening `spec` at eSpeak NG's rate, for an engine started with the same sink and
    /// `waitingForDevice`. Only an ALSA device is opened ahead. A second call replaces the first's device.
    public func openSink(_ spec: SinkSpec, waitingForDevice: Bool) {
        let begun = PrestartedSink.begin(spec, waitingForDevice: waitingForDevice)
        let replaced = sink.withLock { sink in
            defer { sink = begun }
            return sink
        }
        replaced?.discard()
    }

    /// The device opened ahead, if it is `spec` at `format` with the same handling; nil otherwise, or
    /// when none was begun, or it was taken already. A device that does not fit is closed.
    func takeSink(_ spec: SinkSpec, format: AudioFormat, waitingForDevice: Bool) -> (any AudioSink)? {
        let begun = sink.withLock { sink in
            defer { sink = nil }
            return sink
        }
        return begun?.take(spec, format: format, waitingForDevice: waitingForDevice)
    }
}
