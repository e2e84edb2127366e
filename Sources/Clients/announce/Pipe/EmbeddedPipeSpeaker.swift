import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerEngine
import Synchronization

/// Speaks `announce pipe`'s lines with an engine inside this process.
final class EmbeddedPipeSpeaker: PipeSpeaker {
    let engine: SpeechEngine
    let writer: JSONLinesTimelineWriter?
    private let options: SpeechOptions
    private let tally: PipeOutcomeTally
    private let staleRegion: RegionID
    private let failures = FirstFailure()
    let textLimit = PipeCommand.embeddedTextLimit

    /// Starts the engine; throws a `CommandFailure` with one sentence when it cannot (no audio device).
    init(
        options: SpeechOptions, tally: PipeOutcomeTally, events: JSONLinesTimelineWriter?, sentences: EventSentenceWriter?,
        staleRegion: RegionID
    ) throws {
        engine = try options.startEngine(events: events, sentences: sentences)
        writer = events
        do throws(AnnouncementError) { _ = try options.embeddedLanguage(engine.voices) } catch {
            throw CommandFailure(error.description)
        }
        self.options = options
        self.tally = tally
        self.staleRegion = staleRegion
    }

    func speak(_ line: PipeLine) throws(PipeServerGone) -> Bool {
        let announcement: Announcement
        do throws(AnnouncementError) {
            announcement = try options.announcement(
                line.text, politeness: line.politeness, region: line.region, voices: engine.voices, arrival: .now())
        } catch {
            PlainOutput.error("Line \(line.number) was not accepted: \(error.description)")
            return false
        }
        let (tally, failures) = (tally, failures)
        engine.submit(announcement) { outcome in
            tally.record(outcome.kind)
            if case .failed = outcome { failures.report(announcement, outcome) }
        }
        // An error makes the pipe's waiting status lines stale; the scheduler takes this after the error.
        if line.makesStale { engine.scheduler.cancel(.region(staleRegion)) }
        return true
    }

    func finish() -> Int {
        engine.finish()
        writer?.flush()
        return 0
    }
}

/// Tells the user on standard error of the first announcement that failed, in one line; the count of
/// the rest is in the pipe's summary, so a device that stays broken does not fill the terminal.
final class FirstFailure: Sendable {
    private let told = Atomic<Bool>(false)

    func report(_ announcement: Announcement, _ outcome: Outcome) {
        guard !told.exchange(true, ordering: .relaxed) else { return }
        PlainOutput.error("Announcement \(announcement.id) failed: \(outcome.explanation)")
    }
}
