import DequeModule
import Dispatch
import Speech
import Synchronization

/// The PCM of one utterance on its way from the synthesis thread to the playback thread, with its
/// index marks in place between the samples.
///
/// Synthesis runs far faster than real time, so the stream holds back the synthesizer
/// once `maxBuffered` samples wait; a cancel releases both sides at once. A pause asked for
/// lets the playback thread run on to the next mark, or stop at once when no mark lies ahead.
final class UtteranceStream: Sendable {
    enum Item {
        case audio([Int16])
        /// The audio before mark number N has all been taken.
        case mark(Int)
        case end(SynthesisEnd)
        case cancelled
        /// A pause was asked for and no mark lies ahead: stop now.
        case pauseNow
    }

    private enum Piece {
        case audio([Int16])
        case mark(Int)
    }

    private struct State {
        var pieces: Deque<Piece> = []
        var buffered = 0
        var end: SynthesisEnd?
        var cancelled = false
        var pauseRequested = false
        /// Marks the script still holds that playback has not taken.
        var marksAhead: Int
    }

    private let state: Mutex<State>
    private let itemAvailable = DispatchSemaphore(value: 0)
    private let roomAvailable = DispatchSemaphore(value: 0)
    private let maxBuffered: Int

    /// `marks` is how many index marks the utterance will carry.
    init(maxBuffered: Int, marks: Int = 0) {
        self.maxBuffered = maxBuffered
        self.state = Mutex(State(marksAhead: marks))
    }

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// True once the utterance was cut or its synthesis ended: no more audio is taken.
    var isClosed: Bool { state.withLock { $0.cancelled || $0.end != nil } }

    /// Whether a pause was asked for.
    var isPauseRequested: Bool { state.withLock { $0.pauseRequested } }

    /// Synthesis thread: hands over one chunk; returns false when the utterance was cancelled or has ended.
    func push(_ samples: UnsafeBufferPointer<Int16>) -> Bool {
        let chunk = Array(samples)
        while true {
            let outcome: Bool? = state.withLock { state in
                if state.cancelled || state.end != nil { return false }
                guard state.buffered < maxBuffered else { return nil }
                state.pieces.append(.audio(chunk))
                state.buffered += chunk.count
                return true
            }
            guard let outcome else {
                roomAvailable.wait()
                continue
            }
            if outcome { itemAvailable.signal() }
            return outcome
        }
    }

    /// Synthesis thread: mark number `mark` lies here, after the audio pushed so far. Never waits.
    func pushMark(_ mark: Int) {
        let pushed = state.withLock { state in
            guard !state.cancelled, state.end == nil else { return false }
            state.pieces.append(.mark(mark))
            return true
        }
        if pushed { itemAvailable.signal() }
    }

    /// Synthesis thread: no more audio will come. The first end is kept; a later one changes nothing.
    func finish(_ end: SynthesisEnd) {
        state.withLock { state in
            if state.end == nil { state.end = end }
        }
        itemAvailable.signal()
    }

    /// Any thread: the utterance is cut; both sides stop waiting.
    func cancel() {
        state.withLock { $0.cancelled = true }
        itemAvailable.signal()
        roomAvailable.signal()
    }

    /// Any thread: stop at the next mark, or at once when none lies ahead. The playback thread decides.
    func requestPause() {
        state.withLock { $0.pauseRequested = true }
        itemAvailable.signal()
    }

    /// Playback thread: the next chunk or mark, the end, or the news of a cancel or of a pause with
    /// no mark ahead. Blocks until one is there.
    func next() -> Item {
        while true {
            let item: Item? = state.withLock { state in
                if state.cancelled { return .cancelled }
                if state.pauseRequested, state.marksAhead <= 0 { return .pauseNow }
                switch state.pieces.popFirst() {
                case let .audio(chunk):
                    state.buffered -= chunk.count
                    return .audio(chunk)
                case let .mark(mark):
                    state.marksAhead -= 1
                    return .mark(mark)
                case nil:
                    return state.end.map { .end($0) }
                }
            }
            if let item {
                if case .audio = item { roomAvailable.signal() }
                return item
            }
            itemAvailable.wait()
        }
    }
}
