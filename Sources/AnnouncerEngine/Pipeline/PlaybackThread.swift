import AnnouncerCore
import Audio
import DequeModule
import Foundation
import Synchronization

/// The one thread that writes to the audio sink, utterance after utterance.
///
/// A blocked write holds only this thread: the scheduler cuts through `cutIfPlaying`,
/// which drops the sink's buffer from the caller's thread without waiting.
final class PlaybackThread: Sendable {
    struct Job: Sendable {
        let stream: UtteranceStream
        let report: @Sendable (SpeechReport) -> Void
    }

    /// What the thread is asked to do next.
    private enum Work: Sendable {
        case play(Job)
        case closeSink(done: DispatchSemaphore)
    }

    private let sink: any AudioSink
    private let jobs = Mutex<(work: Deque<Work>, closed: Bool)>(([], false))
    private let jobAvailable = DispatchSemaphore(value: 0)
    /// The stream being played; guarded so that a cut can never hit the next utterance.
    private let playing = Mutex<UtteranceStream?>(nil)

    init(sink: any AudioSink) {
        self.sink = sink
        let thread = Thread { [self] in
            while true {
                switch nextWork() {
                case let .play(job):
                    play(job)
                    // Make the sink ready for the next utterance now, while nobody waits for it.
                    // On ALSA through PulseAudio, the prepare after a drop is a round trip to the sound
                    // server (a median of 2 ms here); done at the next utterance's start, it delayed that
                    // utterance's first audio by as much. Between utterances only this thread touches the
                    // sink. A failure here is met again, and reported, when the next utterance begins.
                    try? sink.beginUtterance()
                case let .closeSink(done):
                    sink.close()
                    done.signal()
                    return
                }
            }
        }
        thread.name = "announcer.playback"
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    /// Queues an utterance. Once the sink is closed, it fails at once instead of waiting for ever.
    func enqueue(_ job: Job) {
        let accepted = jobs.withLock { jobs in
            if !jobs.closed { jobs.work.append(.play(job)) }
            return !jobs.closed
        }
        guard accepted else {
            job.stream.cancel()
            job.report(.finished(.failed(reason: "The audio output was already closed, so nothing more can be spoken."), at: .now()))
            return
        }
        jobAvailable.signal()
    }

    /// Closes the sink on this thread, after what is queued before it, so the device is never
    /// closed under a write; then the thread ends. Blocks until it is closed.
    func closeSink() {
        let done = DispatchSemaphore(value: 0)
        jobs.withLock { jobs in
            jobs.work.append(.closeSink(done: done))
            jobs.closed = true
        }
        jobAvailable.signal()
        done.wait()
    }

    /// Cuts the sink at once if `stream` is what it plays now.
    func cutIfPlaying(_ stream: UtteranceStream) {
        playing.withLock { current in
            if current === stream { sink.cut() }
        }
    }

    private func nextWork() -> Work {
        while true {
            jobAvailable.wait()
            if let work = jobs.withLock({ $0.work.popFirst() }) { return work }
        }
    }

    private func play(_ job: Job) {
        let stream = job.stream
        playing.withLock { $0 = stream }
        defer { playing.withLock { $0 = nil } }
        guard !stream.isCancelled else { return }
        do throws(AudioError) {
            try sink.beginUtterance()
            var heard = false
            while true {
                // Read before taking a chunk: a cut after this refuses the chunk, so no audio of a
                // cut utterance is written after its cut.
                let mark = sink.cutMark
                switch stream.next() {
                case let .audio(chunk):
                    let accepted = try chunk.withUnsafeBufferPointer { samples throws(AudioError) in
                        try sink.write(samples, unlessCutSince: mark)
                    }
                    guard accepted else { return }
                    if !heard {
                        heard = true
                        // Stamped when the sink has accepted the frame, so a write that had to wait counts.
                        let handedAt = MonotonicInstant.now()
                        job.report(.firstAudio(at: handedAt, audibleAt: audibleTime(ofFirstFrameOf: chunk.count, writtenAt: handedAt)))
                    }
                case .end(.completed):
                    if try sink.waitUntilPlayed() { job.report(.finished(.completed, at: .now())) }
                    return
                case let .end(.failed(error)):
                    sink.cut()
                    job.report(.finished(.failed(reason: error.description), at: .now()))
                    return
                case .end(.aborted), .cancelled:
                    // The utterance was stopped. The scheduler's cut may have come too late to hit it:
                    // it cuts only what plays, and this thread can see the cancel and leave first.
                    // Then a written chunk would still sound, up to 50 ms of a cancelled announcement,
                    // and hold back the next one's first audio by as much. Cut here too; a second cut is harmless.
                    sink.cut()
                    return
                }
            }
        } catch {
            stream.cancel()
            job.report(.finished(.failed(reason: error.description), at: .now()))
        }
    }

    /// When the first frame of a chunk just written is heard: the sink's delay counts every
    /// buffered frame, and those of this chunk after its first do not hold the first one back.
    private func audibleTime(ofFirstFrameOf frames: Int, writtenAt now: MonotonicInstant) -> MonotonicInstant {
        let ahead = sink.outputDelay() - sink.format.duration(ofFrames: frames)
        return ahead > .zero ? now + ahead : now
    }
}
