import DequeModule
import Dispatch
import Speech
import Synchronization

/// The PCM of one utterance on its way from the synthesis thread to the playback thread.
///
/// Synthesis runs far faster than real time, so the stream holds back the synthesizer
/// once `maxBuffered` samples wait; a cancel releases both sides at once.
final class UtteranceStream: Sendable {
    enum Item {
        case audio([Int16])
        case end(SynthesisEnd)
        case cancelled
    }

    private struct State {
        var chunks: Deque<[Int16]> = []
        var buffered = 0
        var end: SynthesisEnd?
        var cancelled = false
    }

    private let state = Mutex(State())
    private let itemAvailable = DispatchSemaphore(value: 0)
    private let roomAvailable = DispatchSemaphore(value: 0)
    private let maxBuffered: Int

    init(maxBuffered: Int) { self.maxBuffered = maxBuffered }

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// True once the utterance was cut or its synthesis ended: no more audio is taken.
    var isClosed: Bool { state.withLock { $0.cancelled || $0.end != nil } }

    /// Synthesis thread: hands over one chunk; returns false when the utterance was cancelled or has ended.
    func push(_ samples: UnsafeBufferPointer<Int16>) -> Bool {
        let chunk = Array(samples)
        while true {
            let outcome: Bool? = state.withLock { state in
                if state.cancelled || state.end != nil { return false }
                guard state.buffered < maxBuffered else { return nil }
                state.chunks.append(chunk)
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

    /// Playback thread: the next chunk, the end, or the news of a cancel. Blocks until one is there.
    func next() -> Item {
        while true {
            let item: Item? = state.withLock { state in
                if state.cancelled { return .cancelled }
                if let chunk = state.chunks.popFirst() {
                    state.buffered -= chunk.count
                    return .audio(chunk)
                }
                return state.end.map { .end($0) }
            }
            if let item {
                if case .audio = item { roomAvailable.signal() }
                return item
            }
            itemAvailable.wait()
        }
    }
}
