import Blocking
import Dispatch
import Glibc
import Synchronization

/// A synthesis worker's frames, read off its stdout by a thread of their own that blocks on the pipe,
/// and handed to the supervisor, which waits on them until its next deadline: nothing polls the pipe.
/// The reading thread ends when the pipe does, which is when the worker ends, however it ends.
///
/// At most `framesAhead` frames wait here; beyond them the reading thread waits, the pipe fills and the
/// worker waits in turn, so a long text is held back by playback, never read into memory whole.
final class WorkerInbox: Sendable {
    /// What the supervisor finds when it waits on the worker.
    enum Arrival: Sendable {
        case frame(WorkerFrame)
        /// The worker's stdout ended or carried something that is not a frame; nothing follows.
        case failed(FrameChannel.ReadFailure)
        /// `nudge()` was called: something changed that the supervisor should look at.
        case nudged
        /// Nothing came within the time given.
        case timedOut
    }

    /// About 0.4 s of speech in eSpeak's chunks, beside the pipe's own 64 KiB.
    static let framesAhead = 8

    private enum Entry: Sendable {
        case frame(WorkerFrame)
        case failed(FrameChannel.ReadFailure)
        case nudge
    }

    private let arrivals = BlockingQueue<Entry>()
    private let room = DispatchSemaphore(value: framesAhead)
    private let released = Atomic<Bool>(false)

    /// Starts the reading thread on `channel`'s input, which it closes at the end.
    init(reading channel: FrameChannel) {
        DedicatedThread.start(name: "announcer.synthesis-frames") { [self] in
            while true {
                if !released.load(ordering: .acquiring) { room.wait() }
                switch channel.read() {
                case let .success(frame):
                    arrivals.append(.frame(frame))
                case let .failure(failure):
                    arrivals.appendLast(.failed(failure))
                    close(channel.input)
                    return
                }
            }
        }
    }

    /// The next frame, failure or nudge, waiting at most `timeout` for one.
    func next(within timeout: Duration) -> Arrival {
        switch arrivals.take(timeout: timeout) {
        case let .element(.frame(frame)):
            room.signal()
            return .frame(frame)
        case let .element(.failed(failure)): return .failed(failure)
        case .element(.nudge): return .nudged
        case .closed: return .failed(.closed)
        case .timedOut: return .timedOut
        }
    }

    /// Wakes a supervisor waiting in `next`; once the frames have ended, there is nothing to wake.
    func nudge() {
        arrivals.append(.nudge)
    }

    /// The worker has ended: the reading thread reads on to the end of the pipe without waiting for room.
    func release() {
        released.store(true, ordering: .releasing)
        room.signal()
    }
}
