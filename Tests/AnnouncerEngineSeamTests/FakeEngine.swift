import AnnouncerCore
import AnnouncerEngine
import AnnouncerScheduling
import AnnouncerVoices
import Foundation
import Logging
import SeamTestSupport
import SoundIcons

/// A `SpeechEngine` on fake parts (`FakeSynthesizer`, `RecordingSink`, a clock the test chooses),
/// with a recorded timeline: no eSpeak NG, no worker process, no device.
final class FakeEngine: Sendable {
    let engine: SpeechEngine
    let synthesizer: FakeSynthesizer
    let sink = RecordingSink()
    let clock: any SchedulerClock
    let timeline = TimelineRecorder()
    /// Told of every event after `timeline` has it, so a wait is woken by the event it waits for.
    private let news = EventNews()

    init(
        synthesizer: FakeSynthesizer = FakeSynthesizer(), clock: any SchedulerClock = SystemMonotonicClock(),
        policy: LiveRegionPolicy = .standard, voices: VoiceLibrary = .standard(), sounds: SoundIconLibrary? = nil
    ) {
        self.synthesizer = synthesizer
        self.clock = clock
        engine = SpeechEngine(
            synthesizer: synthesizer, sink: sink, describedAs: .null, clock: clock, policy: policy, voices: voices,
            sounds: sounds, logger: Logger(label: "test"))
        engine.scheduler.addObserver(timeline)
        engine.scheduler.addObserver(news)
    }

    /// Submits an announcement that arrives now by the engine's clock.
    @discardableResult
    func say(
        _ text: String, _ politeness: Politeness = .polite, language: Language = .english, region: String? = nil,
        script: SpeechScript? = nil
    ) -> Announcement {
        var announcement = try! Announcement(
            text: text, politeness: politeness, language: language, region: region.map { RegionID($0) }, arrival: clock.now())
        announcement.script = script
        engine.submit(announcement)
        return announcement
    }

    /// Blocks until the announcement has this event, or 10 s of real time pass; returns the event.
    func waitFor(_ stage: TimelineEvent.Stage, of announcement: Announcement) -> TimelineEvent? {
        news.wait(until: Date().addingTimeInterval(10)) { timeline.first(stage, of: announcement.id) }
    }

    func outcome(of announcement: Announcement) -> Outcome? { timeline.outcome(of: announcement.id) }

    /// The names of the announcement's marks on the timeline, in order.
    func marks(of announcement: Announcement) -> [String] {
        timeline.events(of: announcement.id).compactMap { event in
            if case let .mark(name) = event.kind { name } else { nil }
        }
    }

    /// How many times the announcement's first audio is on the timeline.
    func firstAudios(of announcement: Announcement) -> Int {
        timeline.events(of: announcement.id).filter { if case .firstAudio = $0.kind { true } else { false } }.count
    }

    /// Waits until nothing speaks and nothing waits, then closes the sink.
    func finish() { engine.finish() }
}
