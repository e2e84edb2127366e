import AnnouncerClient
import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerEmbedded
import Blocking
import Dispatch
import Foundation
import Synchronization

/// The speaking half of `announce pipe`, on a thread of its own so that reading (and --tee) never
/// waits for it: it speaks through the server, goes on with an engine in this process when the
/// server goes away, and when nothing can speak it says so once and lets the lines go by.
// Unchecked: `options` is the parsed command line, never changed after init (ArgumentParser's
// property wrappers are not Sendable); everything that changes is in `state`.
final class PipeSpeech: @unchecked Sendable {
    private let options: SpeechOptions
    private let tee: Bool
    private let staleRegion: RegionID
    private let started = DispatchSemaphore(value: 0)
    private struct State {
        var startFailure: String?
        /// Where the lines go now: its `interrupt`, for Ctrl-C to end what an engine here speaks.
        var interrupt: (@Sendable (@escaping @Sendable () -> Void) -> Void)?
        var writer: JSONLinesTimelineWriter?
        var hadProblems = false
    }
    private let state = Mutex(State())

    init(options: SpeechOptions, tee: Bool, staleRegion: RegionID) {
        self.options = options
        self.tee = tee
        self.staleRegion = staleRegion
    }

    /// True when a line was refused or not accounted for, or speech could not start.
    var hadProblems: Bool { state.withLock { $0.hadProblems } }

    /// Waits until speech has started; returns the sentence saying why it could not, if it could not.
    func waitUntilStarted() -> String? {
        started.wait()
        started.signal()
        return state.withLock { $0.startFailure }
    }

    /// Speaks the lines as they come, until the queue is closed and every line has ended.
    func speak(_ lines: BlockingQueue<PipeLine>) {
        let tally = PipeOutcomeTally()
        let events: JSONLinesTimelineWriter?, sentences: EventSentenceWriter?
        var speaker: PipeSpeaker?
        do {
            (events, sentences) = (try options.eventsWriter(), try options.eventsTextWriter())
            speaker = try firstSpeaker(tally: tally, events: events, sentences: sentences)
        } catch {
            return failToStart("\(error)", lines: lines)
        }
        installInterruptHandling()
        started.signal()
        while let line = lines.take() {
            guard let current = speaker else { continue }
            // A line longer than the limit is spoken in pieces, split at spaces, rather than refused.
            for text in SpeakablePieces.split(line.text, limit: current.textLimit) {
                guard let active = speaker else { break }
                var piece = line
                piece.text = text
                do throws(PipeServerGone) {
                    if try !active.speak(piece) { state.withLock { $0.hadProblems = true } }
                } catch {
                    speaker = embeddedAfterServerLeft(error, tally: tally, events: events, sentences: sentences)
                    if let speaker, (try? speaker.speak(piece)) == false { state.withLock { $0.hadProblems = true } }
                }
            }
        }
        if let speaker, speaker.finish() > 0 { state.withLock { $0.hadProblems = true } }
        events?.flush()
        if let summary = tally.summary { PlainOutput.error(summary) }
    }

    /// The server when one is reachable, else an engine here.
    private func firstSpeaker(
        tally: PipeOutcomeTally, events: JSONLinesTimelineWriter?, sentences: EventSentenceWriter?
    ) throws -> PipeSpeaker {
        try speaker(options.openDestination(events: events, sentences: sentences), tally: tally, events: events)
    }

    private func startEngine(
        tally: PipeOutcomeTally, events: JSONLinesTimelineWriter?, sentences: EventSentenceWriter?
    ) throws -> PipeSpeaker {
        try speaker(EmbeddedDestination(engine: options.startEngine(events: events, sentences: sentences)), tally: tally, events: events)
    }

    private func speaker(_ destination: any SpeechDestination, tally: PipeOutcomeTally, events: JSONLinesTimelineWriter?) throws -> PipeSpeaker {
        let speaker: PipeSpeaker
        do {
            speaker = try PipeSpeaker(destination: destination, options: options, tally: tally, staleRegion: staleRegion)
        } catch {
            destination.finish()
            throw error
        }
        // Unsafe only in name: the signal queue calls `interrupt` alone, which only sends or cancels.
        nonisolated(unsafe) let interrupted = destination
        state.withLock {
            $0.interrupt = { then in interrupted.interrupt(then: then) }
            $0.writer = events
        }
        return speaker
    }

    /// Without --tee, the failure ends the command. With it, one line says that nothing will be spoken,
    /// and the lines are let go by, so the input still flows through to its end.
    private func failToStart(_ sentence: String, lines: BlockingQueue<PipeLine>) {
        state.withLock {
            $0.startFailure = sentence
            $0.hadProblems = true
        }
        started.signal()
        guard tee else { return }
        PlainOutput.error("Warning: nothing will be spoken, but the input is passed on. \(sentence)")
        while lines.take() != nil {}
    }

    /// Speech goes on in this process when the server goes away in the middle of the pipe.
    private func embeddedAfterServerLeft(
        _ gone: PipeServerGone, tally: PipeOutcomeTally, events: JSONLinesTimelineWriter?, sentences: EventSentenceWriter?
    ) -> PipeSpeaker? {
        state.withLock { $0.hadProblems = true }
        let lost = gone.unended == 0 ? "" : " \(gone.unended) sent to it had not ended."
        do {
            let engine = try startEngine(tally: tally, events: events, sentences: sentences)
            PlainOutput.error("Warning: the announcer server went away; announce speaks the rest itself.\(lost)")
            return engine
        } catch {
            PlainOutput.error("Warning: the announcer server went away, and nothing will be spoken.\(lost) \(error)")
            return nil
        }
    }

    /// On Ctrl-C or SIGTERM: with an engine here, what waits and speaks ends cancelled on the timeline
    /// first; through the server, what was accepted is the server's to speak.
    private func installInterruptHandling() {
        TerminationSignals.install { [self] signalNumber in
            let (interrupt, writer) = state.withLock { ($0.interrupt, $0.writer) }
            guard let interrupt else { exit(128 + signalNumber) }
            interrupt {
                writer?.flush()
                exit(128 + signalNumber)
            }
        }
    }
}
