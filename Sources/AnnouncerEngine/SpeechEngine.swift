import AnnouncerCore
import AnnouncerVoices
import Audio
import Logging
import Speech

/// The whole speaking path in one process: the live-region scheduler, eSpeak NG and an audio sink.
///
/// `announce` embeds one; the server will share the same engine among its clients.
public final class SpeechEngine: Sendable {
    public let scheduler: AnnouncementScheduler
    public let sink: any AudioSink
    public let sinkSpec: SinkSpec
    /// The voice profiles announcements are spoken with.
    public let voices: VoiceLibrary
    private let pipeline: SpeechPipeline
    private let logger: Logger

    /// Starts eSpeak NG (once per process) and opens the sink; throws a plain-language error if either fails.
    public init(
        sink sinkSpec: SinkSpec,
        policy: LiveRegionPolicy = .standard,
        voices: VoiceLibrary = .standard(),
        logger: Logger
    ) throws(EngineError) {
        let synthesis: SynthesisThread
        do throws(SpeechError) { synthesis = try SynthesisThread.shared() } catch { throw .speech(error) }
        let format = AudioFormat(sampleRate: synthesis.sampleRate)
        do throws(AudioError) { sink = try sinkSpec.open(format: format) } catch { throw .audio(error) }
        self.sinkSpec = sinkSpec
        self.voices = voices
        self.logger = logger
        pipeline = SpeechPipeline(synthesis: synthesis, sink: sink, voices: voices)
        scheduler = AnnouncementScheduler(policy: policy, speaker: pipeline)
        logger.debug("Speech engine started", metadata: ["sink": "\(sinkSpec)", "sample_rate": "\(format.sampleRate)"])
    }

    /// Accepts an announcement; `onEnd` hears its outcome.
    public func submit(_ announcement: Announcement, onEnd: (@Sendable (Outcome) -> Void)? = nil) {
        scheduler.submit(announcement, onEnd: onEnd)
    }

    /// Speaks everything accepted so far, then closes the sink on the playback thread,
    /// so it is never closed under a write. Blocks until done; the engine speaks no more after it.
    public func finish() {
        scheduler.waitUntilIdle()
        pipeline.close()
    }
}
