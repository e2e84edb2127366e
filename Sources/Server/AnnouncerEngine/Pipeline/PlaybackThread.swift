import AnnouncerCore
import AnnouncerScheduling
import Audio
import Blocking
import Foundation
import Synchronization

/// The one thread that writes to the audio sink, utterance after utterance.
///
/// A blocked write holds only this thread: the scheduler cuts through `cutIfPlaying`,
/// which drops the sink's buffer from the caller's thread without waiting.
final class PlaybackThread: Sendable {
    struct Job: Sendable {
        let stream: UtteranceStream
        /// When an announcement still waiting for a device that stopped working is given up on.
        let deadline: MonotonicInstant?
        /// The mark a resumed utterance starts after: where it pauses again if no new mark is heard.
        var resumesAfterMark: Int? = nil
        let report: @Sendable (SpeechReport) -> Void
    }

    /// What the thread is asked to do next.
    private enum Work: Sendable {
        case play(Job)
        case closeSink(done: DispatchSemaphore)
        /// The clock reached the rest time set when the device was last held ready, the `idle`th time.
        case rest(idle: Int)
    }

    /// How a wait for a device that stopped working ended.
    private enum DeviceWait {
        case ready
        case cancelled
        case gaveUp(reason: String)
    }

    /// The most audio of one utterance kept to be played again from its start after a device fault.
    static let longestReplay: Duration = .seconds(30)

    private let sink: any AudioSink
    /// The same sink when it can be opened again after a fault; else a fault fails the utterance.
    private let reopening: ReopeningSink?
    private let device: AudioDeviceWatch
    private let handling: AudioFaultHandling
    /// How long after a failed attempt to open the device the next one comes, and when that is.
    /// The schedule is the device's, not an announcement's: one that gives up waiting does not put
    /// the next attempt off, so a run of announcements whose time runs out cannot starve it.
    private let retry = Mutex((backoff: RetryBackoff(), nextAttempt: DispatchTime.now()))
    /// Closed by `closeSink`, whose work is the last, so nothing queued after it waits for ever.
    private let work = BlockingQueue<Work>()
    /// The stream being played; guarded so that a cut can never hit the next utterance.
    private let playing = Mutex<UtteranceStream?>(nil)
    /// What stamps the reports and sets the wake-up that lets the device rest: the system's clock, or a test's.
    private let clock: any SchedulerClock
    /// Where the clock's rest wake-ups run; each only queues a `.rest` for this thread.
    private let restQueue = DispatchQueue(label: "announcer.playback-rest")

    init(sink: any AudioSink, device: AudioDeviceWatch, handling: AudioFaultHandling, clock: any SchedulerClock = SystemMonotonicClock()) {
        self.clock = clock
        self.sink = sink
        self.reopening = sink as? ReopeningSink
        self.device = device
        self.handling = handling
        // Linux has no thread QoS classes, so Foundation's `.userInteractive` given here before did nothing.
        DedicatedThread.start(name: "announcer.playback") { [self] in
            // A device is opened ready to play, as it is left after each utterance.
            var heldReady = true
            var idle = 0
            while true {
                switch nextWork(heldReady: &heldReady, idle: &idle) {
                case let .play(job):
                    play(job)
                    // Make the sink ready for the next utterance now, while nobody waits for it.
                    // On ALSA through PulseAudio, the prepare after a drop is a round trip to the sound
                    // server (a median of 2 ms here); done at the next utterance's start, it delayed that
                    // utterance's first audio by as much. Between utterances only this thread touches the
                    // sink. A failure here is met again, and dealt with, when the next utterance begins.
                    heldReady = device.isWorking && (try? sink.beginUtterance()) != nil
                case let .closeSink(done):
                    sink.close()
                    done.signal()
                    return
                case .rest:
                    // A rest set before the last work came: nextWork passes over all others.
                    continue
                }
            }
        }
    }

    /// Queues an utterance. Once the sink is closed, it fails at once instead of waiting for ever.
    func enqueue(_ job: Job) {
        guard work.append(.play(job)) else {
            job.stream.cancel()
            job.report(.finished(.failed(reason: "The audio output was already closed, so nothing more can be spoken."), at: clock.now()))
            return
        }
    }

    /// Closes the sink on this thread, after what is queued before it, so the device is never
    /// closed under a write; then the thread ends. Blocks until it is closed.
    func closeSink() {
        let done = DispatchSemaphore(value: 0)
        // A second close finds the queue closed and the sink closed already, or being closed.
        guard work.appendLast(.closeSink(done: done)) else { return }
        done.wait()
    }

    /// Cuts the sink at once if `stream` is what it plays now.
    func cutIfPlaying(_ stream: UtteranceStream) {
        playing.withLock { current in
            if current === stream { sink.cut() }
        }
    }

    /// How long the device is held ready after an utterance, or after it was opened, before it is let rest
    /// so that the sound server can suspend it: PulseAudio and WirePlumber suspend a sink 5 s after
    /// it goes idle, which a device held ready would prevent all day. The first announcement after a rest
    /// waits for the prepare it skipped (a median of 0.3 ms more through PulseAudio, Benchmarks/rested-device).
    static let restAfterIdle: Duration = .seconds(5)

    /// The next work; while the device is not working and nothing waits, it is tried again now and then,
    /// so it is back before the next announcement needs it. A device `heldReady` is let rest once nothing
    /// came for `restAfterIdle` by the clock: a wake-up the clock sets queues `.rest`, and only the rest
    /// of the latest `idle` stretch counts.
    /// The queue is only closed with `.closeSink` as its last work, which ends the thread, so a take always finds work.
    private func nextWork(heldReady: inout Bool, idle: inout Int) -> Work {
        idle += 1
        var restWakeUp: (any WakeUp)?
        defer { restWakeUp?.cancel() }
        while true {
            if let reopening, !device.isWorking {
                switch work.take(until: retry.withLock { $0.nextAttempt }) {
                case let .element(next): return next
                case .timedOut:
                    // A device opened again is ready to play, like one just opened.
                    if case .success = tryReopening(reopening) { heldReady = true }
                case .closed: preconditionFailure("The playback queue ended without closing the sink")
                }
            } else if heldReady, restWakeUp == nil {
                let stretch = idle
                let work = self.work
                restWakeUp = clock.wake(at: clock.now() + Self.restAfterIdle, on: restQueue) {
                    _ = work.append(.rest(idle: stretch))
                }
            } else if let next = work.take() {
                guard case let .rest(stretch) = next else { return next }
                // A rest from an earlier stretch, or one that came after the device went down, is passed over.
                if stretch == idle, heldReady, device.isWorking {
                    sink.rest()
                    heldReady = false
                }
            } else {
                preconditionFailure("The playback queue ended without closing the sink")
            }
        }
    }

    @discardableResult
    private func tryReopening(_ reopening: ReopeningSink) -> Result<Void, AudioError> {
        do throws(AudioError) {
            try reopening.reopen()
            retry.withLock { $0.backoff.succeeded() }
            device.recovered()
            return .success(())
        } catch {
            retry.withLock { retry in
                retry.backoff.failed()
                retry.nextAttempt = .now() + Self.interval(retry.backoff.next)
            }
            device.failed(error)
            return .failure(error)
        }
    }

    private func play(_ job: Job) {
        let stream = job.stream
        playing.withLock { $0 = stream }
        defer { playing.withLock { $0 = nil } }
        guard !stream.isCancelled else { return }
        // What was written so far, played again from the start if the device fails mid-utterance.
        var written: [ArraySlice<Int16>] = []
        var writtenFrames = 0
        // Beyond the replay limit, the chunk being written, so a fault loses only what was already heard.
        var unsaved: ArraySlice<Int16>?
        let replayLimit = sink.format.frames(in: Self.longestReplay)
        var heard = false
        // Marks taken from the stream, reported once the audio after them is written, so that their
        // audible time is that of the audio's first frame; and the last mark reported.
        var pendingMarks: [Int] = []
        var lastMark = job.resumesAfterMark
        /// Reports the pending marks as heard at `audibleAt`.
        func reportMarks(audibleAt: MonotonicInstant, handedAt: MonotonicInstant) {
            for mark in pendingMarks { job.report(.mark(index: mark, at: handedAt, audibleAt: audibleAt)) }
            lastMark = pendingMarks.last ?? lastMark
            pendingMarks.removeAll()
        }
        /// Reports the pending marks as heard after everything written so far.
        func reportMarksAtEnd() {
            guard !pendingMarks.isEmpty else { return }
            let now = clock.now()
            reportMarks(audibleAt: now + max(sink.outputDelay(), .zero), handedAt: now)
        }
        while true {
            do throws(AudioError) {
                try sink.beginUtterance()
                for chunk in written {
                    let mark = sink.cutMark
                    guard try chunk.withUnsafeBufferPointer({ samples throws(AudioError) in try sink.write(samples, unlessCutSince: mark) }) else { return }
                }
                // Past the limit, what was played again was only the chunk the fault interrupted.
                if writtenFrames >= replayLimit { written = [] }
                while true {
                    // Read before taking a chunk: a cut after this refuses the chunk, so no audio of a
                    // cut utterance is written after its cut.
                    let mark = sink.cutMark
                    switch stream.next() {
                    case let .mark(mark):
                        pendingMarks.append(mark)
                        guard stream.isPauseRequested else { continue }
                        // Paused at this mark: what was written before it plays out; nothing after it is written.
                        reportMarksAtEnd()
                        stream.cancel()
                        job.report(.paused(afterMark: lastMark, at: clock.now()))
                        return
                    case .pauseNow:
                        if pendingMarks.isEmpty {
                            // No mark lies ahead: stop at once, to resume after the last mark heard.
                            sink.cut()
                        } else {
                            reportMarksAtEnd()
                        }
                        stream.cancel()
                        job.report(.paused(afterMark: lastMark, at: clock.now()))
                        return
                    case let .audio(whole):
                        // Trimmed in place, as a slice of the stream's array: no copy on the way to the sink.
                        var chunk = whole[...]
                        if !heard {
                            // eSpeak NG begins a word that starts with a stop ("tab", "checked") with its
                            // closure: up to 48 ms of digital silence, which only delays the first sound. It
                            // is not written (NVDA trims it too); a chunk of nothing but silence keeps its
                            // last millisecond, so that the utterance still reports its first audio.
                            chunk = Self.withoutLeadingSilence(whole, keeping: sink.format.frames(in: .milliseconds(1)))
                        }
                        if !pendingMarks.isEmpty, stream.isPauseRequested {
                            reportMarksAtEnd()
                            stream.cancel()
                            job.report(.paused(afterMark: lastMark, at: clock.now()))
                            return
                        }
                        // Kept before it is written: a write that fails may have played none of it.
                        if reopening != nil {
                            if writtenFrames < replayLimit {
                                written.append(chunk)
                                writtenFrames += chunk.count
                            } else {
                                unsaved = chunk
                            }
                        }
                        let accepted = try chunk.withUnsafeBufferPointer { samples throws(AudioError) in
                            try sink.write(samples, unlessCutSince: mark)
                        }
                        unsaved = nil
                        guard accepted else { return }
                        if !heard || !pendingMarks.isEmpty {
                            // Stamped when the sink has accepted the frame, so a write that had to wait counts.
                            let handedAt = clock.now()
                            let audibleAt = audibleTime(ofFirstFrameOf: chunk.count, writtenAt: handedAt)
                            if !heard {
                                heard = true
                                job.report(.firstAudio(at: handedAt, audibleAt: audibleAt))
                            }
                            reportMarks(audibleAt: audibleAt, handedAt: handedAt)
                        }
                    case .end(.completed):
                        // Marks after the last words come before the end, as SSIP's 700s come before 702.
                        reportMarksAtEnd()
                        if try sink.waitUntilPlayed() { job.report(.finished(.completed, at: clock.now())) }
                        return
                    case let .end(.failed(error)):
                        sink.cut()
                        job.report(.finished(.failed(reason: error.description), at: clock.now()))
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
                switch deviceFailed(error, during: job) {
                case .ready:
                    // Too long to keep, the start is lost: carry on from where the device failed.
                    if writtenFrames >= replayLimit { written = unsaved.map { [$0] } ?? [] }
                    continue
                case .cancelled:
                    return
                case let .gaveUp(reason):
                    stream.cancel()
                    job.report(.finished(.failed(reason: reason), at: clock.now()))
                    return
                }
            }
        }
    }

    /// After `fault`: without a device that can be opened again, or when announcements fail while it is
    /// down, the utterance fails; else it waits, up to its deadline, for the device to come back.
    private func deviceFailed(_ fault: AudioError, during job: Job) -> DeviceWait {
        guard let reopening else { return .gaveUp(reason: fault.description) }
        if reopening.isOpen {
            reopening.abandonDevice(after: fault)
            retry.withLock { $0.nextAttempt = .now() + Self.interval($0.backoff.next) }
        }
        device.failed(fault)
        var problem = fault.fault
        if handling == .fail {
            return .gaveUp(reason: "It was not spoken: \(problem); the device is tried again in the background.")
        }
        // Look at the cancel and the deadline often, so an assertive announcement cutting this one
        // does not wait behind it.
        while true {
            if job.stream.isCancelled { return .cancelled }
            if let deadline = job.deadline, MonotonicInstant.now() >= deadline {
                return .gaveUp(reason: "It was not spoken: \(problem), and the device did not come back within the announcement's time to live.")
            }
            if DispatchTime.now() >= retry.withLock({ $0.nextAttempt }) {
                switch tryReopening(reopening) {
                case .success: return .ready
                case let .failure(latest): problem = latest.fault
                }
            }
            usleep(5_000)
        }
    }

    /// A backoff step for Dispatch's deadlines.
    private static func interval(_ duration: Duration) -> DispatchTimeInterval {
        .microseconds(Int(duration.microseconds))
    }

    /// The chunk from the zero just before its first sample that is not zero, so a sound that rises from
    /// zero (a tone, a sine's first sample) keeps its start; a chunk of only zeros keeps its last `keeping`.
    static func withoutLeadingSilence(_ chunk: [Int16], keeping: Int) -> ArraySlice<Int16> {
        guard let firstSound = chunk.firstIndex(where: { $0 != 0 }) else { return chunk.suffix(max(1, keeping)) }
        return firstSound <= 1 ? chunk[...] : chunk[(firstSound - 1)...]
    }

    /// When the first frame of a chunk just written is heard: the sink's delay counts every
    /// buffered frame, and those of this chunk after its first do not hold the first one back.
    private func audibleTime(ofFirstFrameOf frames: Int, writtenAt now: MonotonicInstant) -> MonotonicInstant {
        let ahead = sink.outputDelay() - sink.format.duration(ofFrames: frames)
        return ahead > .zero ? now + ahead : now
    }
}

