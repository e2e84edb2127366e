public import AnnouncerCore
public import AnnouncerScheduling
public import AnnouncerVoices
public import Audio
import Foundation
public import Logging
public import SoundIcons
public import Speech
import Synchronization

/// The whole speaking path in one process: the live-region scheduler, eSpeak NG and an audio sink.
///
/// `announce` embeds one; the server will share the same engine among its clients.
public final class SpeechEngine: Sendable {
    public let scheduler: AnnouncementScheduler
    public let sink: any AudioSink
    public let sinkSpec: SinkSpec
    /// The voice profiles announcements are spoken with.
    /// The voice profiles announcements are spoken with; `replaceVoices` changes them while running.
    public var voices: VoiceLibrary { currentVoices.withLock { $0 } }
    private let currentVoices: Mutex<VoiceLibrary>
    private let pipeline: SpeechPipeline
    private let logger: Logger

    /// Where eSpeak NG runs.
    public enum SynthesisPlacement: Sendable {
        /// In the supervised worker process `announcer-synth` beside this program, when it is there;
        /// else in this process, with a warning that a crash in eSpeak would end it, when the program
        /// gave `inProcessFallback` (announce does; announcerd links no eSpeak, and fails with one sentence).
        case standard
        /// In a supervised worker process started from this executable.
        case worker(executable: String)
        /// On a thread of this process, with the engine `start` makes: a crash in eSpeak ends the process.
        case inProcess(SynthesisEngineStart)
        /// The synthesizer given, running already and owned by the caller, who may hand it to several
        /// engines: each of them queues its requests on it, in turn.
        case running(any Synthesizer)

        /// This placement's synthesizer, started now and given as `.running`, for a caller that owns it
        /// and hands it to several engines, as `flow check` does to the engine of each recording.
        public func started(inProcessFallback: SynthesisEngineStart? = nil, logger: Logger) throws(EngineError) -> SynthesisPlacement {
            do throws(SpeechError) {
                return try .running(SpeechEngine.startSynthesis(
                    self, warmStandby: false, inProcessFallback: inProcessFallback, headStart: nil, logger: logger))
            } catch {
                throw .speech(error)
            }
        }
    }

    /// How the synthesis worker has fared; nil when eSpeak runs in this process.
    public var synthesisHealth: SynthesisHealth? { (synthesizer as? IsolatedSynthesizer)?.health }
    /// True when a warm standby worker waits ready to take over after a crash.
    public var synthesisStandbyReady: Bool { (synthesizer as? IsolatedSynthesizer)?.isStandbyReady ?? false }
    /// The synthesis worker's process id now, when there is one.
    public var synthesisWorkerProcessID: Int32? { (synthesizer as? IsolatedSynthesizer)?.workerProcessID }
    private let synthesizer: any Synthesizer

    /// Where sound icons (SSIP SOUND_ICON, SSML `<audio>`) are found; nil plays none and speaks their names.
    public let soundIcons: SoundIconLibrary?

    /// Whether the audio device works now, and how it has fared.
    public var audioDevice: AudioDeviceStatus { device.status }
    private let device: AudioDeviceWatch

    /// Starts eSpeak NG as `placement` says and opens the sink, or takes the synthesis supervisor and the
    /// sink `headStart` began ahead; throws a plain-language error if either fails. A supervisor it starts
    /// itself is its own; to share one among engines, start it and give it as `.running`.
    public convenience init(
        sink sinkSpec: SinkSpec,
        policy: LiveRegionPolicy = .standard,
        voices: VoiceLibrary = .standard(),
        synthesis placement: SynthesisPlacement = .standard,
        warmStandby: Bool = false,
        waitingForAudioDevice: Bool = false,
        inProcessFallback: SynthesisEngineStart? = nil,
        whenAudioFails handling: AudioFaultHandling = .wait,
        sounds: SoundIconLibrary? = SoundIconLibrary(folders: .standard()),
        headStart: EngineHeadStart? = nil,
        logger: Logger
    ) throws(EngineError) {
        let synthesis: any Synthesizer
        do throws(SpeechError) {
            synthesis = try Self.startSynthesis(
                placement, warmStandby: warmStandby, inProcessFallback: inProcessFallback, headStart: headStart, logger: logger)
        } catch {
            throw .speech(error)
        }
        let format = AudioFormat(sampleRate: synthesis.sampleRate)
        let sink: any AudioSink
        if let prestarted = headStart?.takeSink(sinkSpec, format: format, waitingForDevice: waitingForAudioDevice) {
            sink = prestarted
        } else {
            do throws(AudioError) { sink = try sinkSpec.open(format: format, waitingForDevice: waitingForAudioDevice) } catch { throw .audio(error) }
        }
        self.init(
            synthesizer: synthesis, sink: sink, describedAs: sinkSpec, policy: policy, voices: voices,
            whenAudioFails: handling, sounds: sounds, logger: logger)
    }

    /// Speaks through the `synthesizer`, `sink` and `clock` given: the seam for tests and embedders.
    /// `sink` is open at the synthesizer's sample rate; `sinkSpec` names it in logs and status.
    /// The scheduler reads `clock` and sets its wake-ups by it; the playback thread stamps its reports by it
    /// and lets the device rest by it. Waits for a device that stopped working keep the system's time.
    public init(
        synthesizer synthesis: any Synthesizer,
        sink: any AudioSink,
        describedAs sinkSpec: SinkSpec,
        clock: any SchedulerClock = SystemMonotonicClock(),
        policy: LiveRegionPolicy = .standard,
        voices: VoiceLibrary = .standard(),
        whenAudioFails handling: AudioFaultHandling = .wait,
        sounds: SoundIconLibrary? = SoundIconLibrary(folders: .standard()),
        logger: Logger
    ) {
        synthesizer = synthesis
        // Every language the synthesizer's eSpeak NG speaks, as it read them before any synthesis.
        var voices = voices
        voices.addSynthesizerLanguages(from: synthesis.catalog)
        self.sink = sink
        self.sinkSpec = sinkSpec
        self.currentVoices = Mutex(voices)
        self.logger = logger
        device = AudioDeviceWatch(name: sinkSpec.description, handling: handling) { change, status in
            Self.log(change, of: status, to: logger)
        }
        // Started without its device: it is down from the start, and the playback thread tries it until it comes.
        if let missing = (sink as? ReopeningSink)?.fault { device.failed(missing, atStart: true) }
        soundIcons = sounds
        pipeline = SpeechPipeline(
            synthesis: synthesis, sink: sink, voices: voices, policy: policy, device: device, handling: handling, sounds: sounds,
            clock: clock)
        scheduler = AnnouncementScheduler(policy: policy, speaker: pipeline, clock: clock)
        logger.debug("Speech engine started.", metadata: ["audio.sink": "\(sinkSpec)", "audio.sample_rate": "\(synthesis.sampleRate)"])
    }

    /// The synthesizer `placement` names: the one given, the one `headStart` began, or one started now.
    private static func startSynthesis(
        _ placement: SynthesisPlacement, warmStandby: Bool, inProcessFallback: SynthesisEngineStart?,
        headStart: EngineHeadStart?, logger: Logger
    ) throws(SpeechError) -> any Synthesizer {
        func supervisor(_ executable: String) throws(SpeechError) -> IsolatedSynthesizer {
            if let begun = headStart?.synthesizer(executable: executable, keepsStandby: warmStandby) { return begun }
            return try IsolatedSynthesizer(executable: executable, keepsStandby: warmStandby)
        }
        switch placement {
        case let .running(synthesizer):
            return synthesizer
        case let .worker(executable):
            return try supervisor(executable)
        case let .inProcess(start):
            return try SynthesisThread.shared(starting: start)
        case .standard:
            if let executable = IsolatedSynthesizer.defaultExecutable() {
                return try supervisor(executable)
            } else if let inProcessFallback {
                logger.warning("The synthesis worker announcer-synth was not found beside this program, so eSpeak NG runs inside it: a crash in eSpeak would stop it. Build it with swift build, or set ANNOUNCER_SYNTH_WORKER.")
                return try SynthesisThread.shared(starting: inProcessFallback)
            } else {
                throw .workerUnavailable(Self.missingWorker(ProcessInfo.processInfo.environment["ANNOUNCER_SYNTH_WORKER"]))
            }
        }
    }

    /// Why no worker can be started, for a program that cannot run eSpeak NG itself.
    static func missingWorker(_ chosen: String?) -> String {
        if let chosen, !chosen.isEmpty {
            return "ANNOUNCER_SYNTH_WORKER names \(chosen), which is not a program that can be run; build announcer-synth with swift build, or unset it"
        }
        return "announcer-synth was not found beside this program; build it with swift build, install it beside this program, or set ANNOUNCER_SYNTH_WORKER to its path"
    }

    /// One line when the device stops working and one when it is back.
    private static func log(_ change: AudioDeviceWatch.Change, of status: AudioDeviceStatus, to logger: Logger) {
        switch change {
        case let .wentDown(fault):
            let metadata: Logger.Metadata = ["audio.device": "\(status.name)", "audio.problem": "\(status.problem ?? fault.description)"]
            if status.handling == .wait {
                logger.error("The audio device stopped working, so announcements wait for it, each up to its time to live, while it is tried again.", metadata: metadata)
            } else {
                logger.error("The audio device stopped working, so announcements fail until it is back; it is tried again meanwhile.", metadata: metadata)
            }
        case let .missingAtStart(fault):
            let metadata: Logger.Metadata = ["audio.device": "\(status.name)", "audio.problem": "\(status.problem ?? fault.description)"]
            if status.handling == .wait {
                logger.warning("The audio device could not be opened, so the server started without it: announcements wait for it, each up to its time to live, and it is tried again until it comes.", metadata: metadata)
            } else {
                logger.warning("The audio device could not be opened, so the server started without it: announcements fail until it comes, and it is tried again meanwhile.", metadata: metadata)
            }
        case let .cameBack(outage):
            logger.notice("The audio device works again.", metadata: [
                "audio.device": "\(status.name)",
                "audio.outage_seconds": "\(String(format: "%.1f", outage.milliseconds / 1_000))",
            ])
        }
    }

    /// Speaks announcements that start from now on with `library`'s profiles (and every language eSpeak NG
    /// has), as SIGHUP asks; what is speaking keeps its voice. Returns what changed.
    @discardableResult
    public func replaceVoices(_ library: VoiceLibrary) -> VoiceChanges {
        var library = library
        library.addSynthesizerLanguages(from: synthesizer.catalog)
        let old = currentVoices.withLock { voices in
            defer { voices = library }
            return voices
        }
        pipeline.replaceVoices(library)
        return VoiceChanges(from: old, to: library)
    }

    /// Accepts an announcement; `onEnd` hears its outcome.
    public func submit(_ announcement: Announcement, onEnd: (@Sendable (Outcome) -> Void)? = nil) {
        var announcement = announcement
        // While the device is down nothing is heard, so nothing said then is "said the same moments
        // before": a repeat is not ended as a duplicate of it, nor is it remembered to make one.
        if !audioDevice.isWorking { announcement.dropsRepeats = false }
        if let script = announcement.script {
            announcement.script = Self.speakable(script, in: announcement.language, by: currentVoices.withLock { $0 })
        }
        scheduler.submit(announcement, onEnd: onEnd)
    }

    /// `script` with the parts in a language no voice speaks (`<lang xml:lang="yi">`) given the
    /// announcement's `language`, and one sentence saying so: the rest is kept, where eSpeak would
    /// fail the whole announcement at that part.
    static func speakable(_ script: SpeechScript, in language: Language, by voices: VoiceLibrary) -> SpeechScript {
        var (kept, replaced) = script.keepingLanguages(where: voices.speaks)
        guard !replaced.isEmpty else { return script }
        let named = replaced.map(\.rawValue).joined(separator: ", ")
        let sentence = replaced.count == 1
            ? "No voice speaks the language \(named) that the SSML names, so that part is spoken in \(language)."
            : "No voice speaks the languages \(named) that the SSML names, so those parts are spoken in \(language)."
        kept.problem = [script.problem, sentence].compactMap { $0 }.joined(separator: " ")
        return kept
    }

    /// Speaks everything accepted so far, then closes the sink on the playback thread,
    /// so it is never closed under a write. Blocks until done; the engine speaks no more after it.
    public func finish() {
        scheduler.waitUntilIdle()
        pipeline.close()
    }

    /// Stops the synthesis worker and its supervisor, after `finish`: a stopping server's last step.
    /// Nothing when eSpeak runs in this process, whose end ends it.
    public func stopSynthesis() {
        (synthesizer as? IsolatedSynthesizer)?.stop()
    }
}
