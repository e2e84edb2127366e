import Speech
import Synchronization

/// Puts one synthesis request's audio and index marks into its step of the utterance stream, each mark
/// between the right samples: the request's `SynthesisReceiver`. When the stream takes no more (a cut),
/// it cancels the request.
///
/// eSpeak tells each mark's position as a count of the request's samples, just before the chunk that
/// holds it; the placer cuts that chunk at the position, so the playback thread meets the mark exactly
/// when the audio before it has been written.
///
/// eSpeak NG 1.51 never tells a mark that follows a sentence's end (`read. <mark/>Next`; espeak-ng
/// issue 920), and Orca puts a mark before every word. So the placer knows the request's marks in order,
/// and one eSpeak skipped goes in with the next it tells, or at the end: every mark comes, in order.
final class MarkPlacer: SynthesisReceiver {
    private let stream: UtteranceStream
    /// The request's step in the stream.
    private let slot: Int
    /// The request's, which the stream holds.
    private let cancellation: SynthesisCancellation
    /// The request's marks in the order its markup has them.
    private let expected: [Int]
    /// Marks due, and how many samples were delivered; `told` counts the expected marks accounted for.
    private let state = Mutex((pending: [(mark: Int, sample: Int)](), delivered: 0, told: 0))

    init(stream: UtteranceStream, slot: Int, marks: [Int] = []) {
        self.stream = stream
        self.slot = slot
        self.expected = marks
        self.cancellation = stream.cancellation(slot)
    }

    func receive(_ event: SynthesisEvent) {
        switch event {
        case let .audio(chunk):
            if !deliver(chunk) { cancellation.cancel() }
        case let .mark(mark, samplesBefore):
            reached(mark, atSample: samplesBefore)
        case let .ended(end):
            if end == .completed { flush() }
            stream.finish(end, slot: slot)
        }
    }

    /// Synthesis thread: mark `mark` falls after `sample` samples of this request's audio.
    func reached(_ mark: Int, atSample sample: Int) {
        state.withLock { state in
            if let index = expected[state.told...].firstIndex(of: mark) {
                for skipped in expected[state.told..<index] { state.pending.append((skipped, sample)) }
                state.told = index + 1
            }
            state.pending.append((mark, sample))
        }
    }

    /// Synthesis thread: a chunk of the request's audio, with the marks that fall within it put in place.
    /// False when the utterance was cut or ended.
    func deliver(_ chunk: UnsafeBufferPointer<Int16>) -> Bool {
        let (due, delivered) = state.withLock { state in
            let end = state.delivered + chunk.count
            let due = state.pending.filter { $0.sample < end }
            state.pending.removeAll { $0.sample < end }
            defer { state.delivered = end }
            return (due, state.delivered)
        }
        var start = 0
        for (mark, sample) in due {
            let cut = min(chunk.count, max(start, sample - delivered))
            if cut > start, !stream.push(UnsafeBufferPointer(rebasing: chunk[start..<cut]), into: slot) { return false }
            stream.pushMark(mark, into: slot)
            start = cut
        }
        guard start < chunk.count else { return !stream.isClosed }
        return stream.push(UnsafeBufferPointer(rebasing: chunk[start...]), into: slot)
    }

    /// Synthesis thread: the request ended; marks after its last sample, and any eSpeak never told, go in now.
    func flush() {
        let rest = state.withLock { state in
            defer {
                state.pending.removeAll()
                state.told = expected.count
            }
            return state.pending.map(\.mark) + expected[state.told...]
        }
        for mark in rest { stream.pushMark(mark, into: slot) }
    }
}
