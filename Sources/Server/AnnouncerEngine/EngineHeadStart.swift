public import Audio
import Blocking
import Speech
import Synchronization

/// What a program's start begins ahead of its engine, each on a thread of its own, so that reading the
/// command line, the voice profiles and binding the sockets run meanwhile: the synthesis worker that
/// `SynthesisPlacement.standard` will use, and the audio device. One object, made first thing by the
/// program and handed to the engine it starts (`SpeechEngine`'s `headStart`), which takes what it began.
/// The synthesis supervisor it starts is its own: every engine started with it is handed the same one.
public final class EngineHeadStart: Sendable {
    private let sink = Mutex<PrestartedSink?>(nil)
    /// The supervisor begun, its worker executable and standby, and its start's outcome once known.
    private let supervisor: (executable: String, keepsStandby: Bool, started: BlockingQueue<Result<IsolatedSynthesizer, SpeechError>>)?
    /// The supervisor, once an engine has waited for it; nil also when its start failed.
    private let taken = Mutex<IsolatedSynthesizer??>(nil)

    /// Begins starting the synthesis supervisor and its worker, with a warm standby when `warmStandby`,
    /// when `startingWorker`; nothing when no worker is found.
    public init(startingWorker: Bool = true, warmStandby: Bool = false) {
        guard startingWorker, let executable = IsolatedSynthesizer.defaultExecutable() else {
            supervisor = nil
            return
        }
        let started = BlockingQueue<Result<IsolatedSynthesizer, SpeechError>>()
        supervisor = (executable, warmStandby, started)
        DedicatedThread.start(name: "announcer.synthesis-prestart") {
            started.append(Result { () throws(SpeechError) in try IsolatedSynthesizer(executable: executable, keepsStandby: warmStandby) })
        }
    }

    /// The supervisor begun for `executable` with `keepsStandby`, waiting for its start; nil when none was
    /// begun for them or its start failed, so the engine starts one itself and reports why it cannot.
    func synthesizer(executable: String, keepsStandby: Bool) -> IsolatedSynthesizer? {
        guard let supervisor, supervisor.executable == executable, supervisor.keepsStandby == keepsStandby else { return nil }
        return taken.withLock { taken in
            if let known = taken { return known }
            // The start answers exactly once.
            let started = try? supervisor.started.take()?.get()
            taken = .some(started)
            return started
        }
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
