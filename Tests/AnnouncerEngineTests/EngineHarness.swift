import AnnouncerCore
import AnnouncerEngine
import AnnouncerVoices
import Audio
import Foundation
import Logging
import SeamTestSupport
import TestSupport

/// A real engine (eSpeak NG in its worker process and a real sink) with a recorded timeline, for the tests
/// that need real speech; tests of logic alone use AnnouncerEngineSeamTests' `FakeEngine`, which starts no process.
final class EngineHarness: Sendable {
    let engine: SpeechEngine
    let timeline = TimelineRecorder()
    /// Told of every event after `timeline` has it, so a wait is woken by the event it waits for.
    private let news = EventNews()

    init(
        sink: SinkSpec = .null, policy: LiveRegionPolicy = .standard,
        voices: VoiceLibrary = .standard()
    ) throws {
        engine = try SpeechEngine(
            sink: sink, policy: policy, voices: voices, synthesis: Self.synthesis.get(), logger: Logger(label: "test"))
        engine.scheduler.addObserver(timeline)
        engine.scheduler.addObserver(news)
    }

    /// The synthesis supervisor of every harness in this test process: owned here and handed to each
    /// engine, as announcerd hands its own to its engine, so one worker serves them all.
    static let synthesis = Result { () throws(EngineError) in
        try SpeechEngine.SynthesisPlacement.standard.started(logger: Logger(label: "test"))
    }

    /// Submits an announcement that arrives now.
    @discardableResult
    func say(
        _ text: String, _ politeness: Politeness = .polite, language: Language = .english,
        region: String? = nil, rate: Int? = 450, volume: Int? = nil
    ) -> Announcement {
        let announcement = try! Announcement(
            text: text, politeness: politeness, language: language, region: region.map { RegionID($0) },
            prosody: try! Prosody(rate: rate, volume: volume), arrival: .now()
        )
        engine.submit(announcement)
        return announcement
    }

    /// Says `text` once `announcement` has reached `stage` and `delay` more seconds of real time have
    /// passed, all on a thread of its own: a cut comes when the test means it to, however long the test's
    /// task then waits for a cooperative thread to resume it. Nil when the stage never came.
    func say(
        _ text: String, _ politeness: Politeness, rate: Int? = 450, volume: Int? = nil,
        once stage: TimelineEvent.Stage, of announcement: Announcement, after delay: Double = 0
    ) async -> Announcement? {
        await offThread("engine cue") {
            guard self.waitFor(stage, of: announcement) != nil else { return nil }
            // Not a wait: the announcement plays for `delay` seconds, in real time, before the next is said.
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            return self.say(text, politeness, rate: rate, volume: volume)
        }
    }

    /// Blocks until the announcement has this event, or the timeout passes; returns the event.
    @discardableResult
    func waitFor(_ event: TimelineEvent.Stage, of announcement: Announcement, timeout: Double = 15) -> TimelineEvent? {
        news.wait(until: Date().addingTimeInterval(timeout)) { timeline.first(event, of: announcement.id) }
    }

    /// As the blocking `waitFor`, on a thread of its own while the test is suspended.
    @discardableResult
    func waitFor(_ event: TimelineEvent.Stage, of announcement: Announcement, timeout: Double = 15) async -> TimelineEvent? {
        await offThread("engine wait") { self.waitFor(event, of: announcement, timeout: timeout) }
    }

    func outcome(of announcement: Announcement) -> Outcome? { timeline.outcome(of: announcement.id) }

    /// Waits until nothing speaks and nothing waits, then closes the sink; blocks the thread.
    func finish() { engine.finish() }

    /// As the blocking `finish`, on a thread of its own while the test is suspended.
    func finish() async { await offThread("engine finish") { self.finish() } }
}

/// A text long enough to still be speaking when the next announcement arrives.
let longText = String(repeating: "This polite status message keeps talking for quite a while. ", count: 12)
