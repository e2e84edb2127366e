import Glibc
import Spawning
import Synchronization

/// A synthesis worker's frames as the supervisor waits for them: it blocks in `poll` on the worker's
/// stdout and on a wake-up pipe of its own until a frame begins, `nudge()` is called, or its next
/// deadline passes. Nothing looks at the pipe on a timer, and no thread stands between the worker's
/// write and the supervisor, so a frame costs one wake-up, as a read would. A frame that has begun is
/// read whole. Backpressure stays the pipe's: the supervisor reads only when it can deliver.
final class WorkerInbox: Sendable {
    /// What the supervisor finds when it waits on the worker.
    enum Arrival: Sendable, Equatable {
        case frame(WorkerFrame)
        /// The worker's stdout ended or carried something that is not a frame; nothing follows.
        case failed(FrameChannel.ReadFailure)
        /// `nudge()` was called: something changed that the supervisor should look at.
        case nudged
        /// Nothing came within the time given.
        case timedOut
    }

    private let channel: FrameChannel
    /// Non-blocking both ends: a nudge never waits, and emptying it never hangs.
    private let wake: (reading: Int32, writing: Int32)?
    /// Once the frames have failed, every later wait finds the same.
    private let failure = Mutex<FrameChannel.ReadFailure?>(nil)

    /// Waits on `channel`'s input, which stays the caller's to close.
    init(reading channel: FrameChannel) {
        self.channel = channel
        wake = ChildProcess.pipe()
        if let wake { for end in [wake.reading, wake.writing] { _ = fcntl(end, F_SETFL, O_NONBLOCK) } }
    }

    deinit {
        if let wake { for end in [wake.reading, wake.writing] { close(end) } }
    }

    /// The next frame, failure or nudge, waiting at most `timeout` for one; a frame before a nudge.
    func next(within timeout: Duration) -> Arrival {
        if let failed = failure.withLock({ $0 }) { return .failed(failed) }
        let (seconds, attoseconds) = timeout.components
        // Rounded up: a deadline is never met early.
        let milliseconds = Int32(clamping: max(0, seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
        let (frameReady, nudged) = withUnsafeTemporaryAllocation(of: pollfd.self, capacity: 2) { watched -> (Bool, Bool) in
            watched[0] = pollfd(fd: channel.input, events: Int16(POLLIN), revents: 0)
            // A descriptor of -1 is passed over by poll.
            watched[1] = pollfd(fd: wake?.reading ?? -1, events: Int16(POLLIN), revents: 0)
            guard SystemCall.retrying({ poll(watched.baseAddress, 2, milliseconds) }) > 0 else { return (false, false) }
            return (watched[0].revents != 0, watched[1].revents != 0)
        }
        if frameReady {
            switch channel.read() {
            case let .success(frame): return .frame(frame)
            case let .failure(failed):
                failure.withLock { $0 = failed }
                return .failed(failed)
            }
        }
        guard nudged, let wake else { return .timedOut }
        var drained = [UInt8](repeating: 0, count: 64)
        while (drained.withUnsafeMutableBytes { SystemCall.read(wake.reading, into: $0) } ?? 0) > 0 {}
        return .nudged
    }

    /// Wakes the supervisor if it waits in `next`, or has its next wait return at once.
    func nudge() {
        guard let wake else { return }
        var byte: UInt8 = 1
        // A full pipe already holds a nudge.
        _ = write(wake.writing, &byte, 1)
    }
}
