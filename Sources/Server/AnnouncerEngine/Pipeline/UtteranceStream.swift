import DequeModule
import Dispatch
import Speech
import Synchronization

/// One utterance's steps in the order they are heard, walked by the playback thread: the PCM each
/// synthesis request gives, with its index marks in place between the samples, and between them the
/// marks, tones, silences, cues and sound icons that the engine plays itself.
///
/// Synthesis runs far faster than real time, so the stream holds back the synthesizer
/// once `maxBuffered` samples wait; a cancel releases both sides at once. The stream holds each
/// synthesized step's `SynthesisCancellation`: a cut, a synthesis that fails and a sound that plays
/// cancel those they end, and a fallback's are held until its sound is decided. A pause asked for
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

    /// One step of an utterance, as the stream is made with it.
    enum Step: Sendable, Equatable {
        /// Audio and marks that a synthesis request pushes, up to its end.
        case synthesized
        /// Index mark number N.
        case mark(Int)
        /// Samples played as they are, in one piece, such as the capital-letter cue.
        case samples([Int16])
        /// A pure tone at `volume` (0 to 200), made when playback reaches it.
        case tone(hertz: Int, duration: Duration, volume: Int)
        /// Silence, made when playback reaches it.
        case silence(Duration)
        /// A sound icon, `decide`d when it is known whether it plays; the `fallback` steps after it
        /// are played only when it does not.
        case sound(fallback: Int)
    }

    private enum Piece {
        case audio([Int16])
        case mark(Int)
    }

    /// A step and what it holds so far.
    private struct Slot {
        var step: Step
        var pieces: Deque<Piece> = []
        /// No more pieces will come: synthesis ended, or the sound was decided.
        var ended = false
        /// Its synthesis did not complete: the utterance ends once the audio before it has played.
        var failed = false
        /// Passed over: the fallback of a sound that played.
        var skipped = false
        /// The sound step whose fallback this step is part of.
        var fallbackOf: Int?
    }

    private struct State {
        var slots: [Slot]
        /// The step playback is at.
        var current = 0
        var buffered = 0
        /// Set at the first synthesis that did not complete, or once every step was played.
        var end: SynthesisEnd?
        var cancelled = false
        var pauseRequested = false
        /// Marks the script still holds that playback has not taken.
        var marksAhead: Int
    }

    private let state: Mutex<State>
    private let itemAvailable = DispatchSemaphore(value: 0)
    private let roomAvailable = DispatchSemaphore(value: 0)
    /// Each synthesized step's cancellation, by step; nil for the other steps. A fallback's is held.
    private let cancellations: [SynthesisCancellation?]
    private let maxBuffered: Int
    private let sampleRate: Int

    /// `marks` is how many index marks the utterance will carry; `steps` are its steps in order,
    /// by default one synthesis request's audio.
    init(maxBuffered: Int, marks: Int = 0, steps: [Step] = [.synthesized], sampleRate: Int = 22_050) {
        self.maxBuffered = maxBuffered
        self.sampleRate = sampleRate
        var slots = steps.map { Slot(step: $0) }
        var buffered = 0
        for index in slots.indices {
            switch slots[index].step {
            case let .samples(samples):
                slots[index].pieces = [.audio(samples)]
                slots[index].ended = true
                buffered += samples.count
            case let .mark(mark):
                slots[index].pieces = [.mark(mark)]
                slots[index].ended = true
            case let .sound(fallback):
                // Steps come outer sound first, so each step ends up with the innermost sound it falls back from.
                for inner in slots.indices.dropFirst(index + 1).prefix(fallback) { slots[inner].fallbackOf = index }
            case .synthesized, .tone, .silence:
                break
            }
        }
        self.cancellations = slots.map { slot in
            slot.step == .synthesized ? SynthesisCancellation(held: slot.fallbackOf != nil) : nil
        }
        self.state = Mutex(State(slots: slots, buffered: buffered, marksAhead: marks))
    }

    /// The cancellation of synthesized step `slot`, for the request that fills it.
    func cancellation(_ slot: Int) -> SynthesisCancellation {
        // Only a synthesized step has a request, so only it is asked for; any other gets one of its own.
        cancellations[slot] ?? SynthesisCancellation()
    }

    /// Every step's synthesis stops, or never starts.
    private func cancelSynthesis() {
        for cancellation in cancellations { cancellation?.cancel() }
    }

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// True once the utterance was cut, a synthesis in it did not complete, or it was all played.
    var isClosed: Bool { state.withLock { $0.cancelled || $0.end != nil } }

    /// Whether a pause was asked for.
    var isPauseRequested: Bool { state.withLock { $0.pauseRequested } }

    /// Synthesis thread: hands over one chunk of step `slot`; returns false when the utterance was
    /// cancelled or has ended.
    func push(_ samples: UnsafeBufferPointer<Int16>, into slot: Int = 0) -> Bool {
        let chunk = Array(samples)
        while true {
            let outcome: Bool? = state.withLock { state in
                if state.cancelled || state.end != nil || state.slots[slot].ended { return false }
                guard state.buffered < maxBuffered else { return nil }
                state.slots[slot].pieces.append(.audio(chunk))
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

    /// Synthesis thread: mark number `mark` lies here, after the audio of step `slot` pushed so far. Never waits.
    func pushMark(_ mark: Int, into slot: Int = 0) {
        let pushed = state.withLock { state in
            guard !state.cancelled, state.end == nil, !state.slots[slot].ended else { return false }
            state.slots[slot].pieces.append(.mark(mark))
            return true
        }
        if pushed { itemAvailable.signal() }
    }

    /// Synthesis thread: step `slot`'s synthesis ended. One that did not complete ends the utterance,
    /// once the audio before it has played, and the synthesis of the steps after it never starts; the
    /// first end is kept. A step passed over changes nothing.
    func finish(_ end: SynthesisEnd, slot: Int = 0) {
        let endsUtterance = state.withLock { state in
            guard !state.slots[slot].skipped, !state.slots[slot].ended else { return false }
            state.slots[slot].ended = true
            guard end != .completed else { return false }
            state.slots[slot].failed = true
            guard state.end == nil else { return false }
            state.end = end
            return true
        }
        if endsUtterance { cancelSynthesis() }
        itemAvailable.signal()
    }

    /// Sound thread: the sound at step `slot` plays `samples`, in pieces of 20 ms as eSpeak NG delivers
    /// speech, and its fallback is passed over; or, given nil, it plays nothing and its fallback is spoken.
    /// In one piece, a sound longer than the sink's buffer would block the first write until most of it had
    /// played, so its first audio would be stamped late and a cut would wait for the write to fail.
    func decide(_ slot: Int, samples: [Int16]?) {
        let pieces = samples.map { Self.pieces(of: $0, sampleRate: sampleRate) } ?? []
        // The fallback's requests: those passed over are cancelled, those of this sound's own fallback let start.
        let (skipped, released) = state.withLock { state -> ([Int], [Int]) in
            guard !state.slots[slot].ended else { return ([], []) }
            state.slots[slot].pieces.append(contentsOf: pieces.map { .audio($0) })
            state.buffered += samples?.count ?? 0
            state.slots[slot].ended = true
            guard case let .sound(fallback) = state.slots[slot].step else { return ([], []) }
            let inner = state.slots.indices.dropFirst(slot + 1).prefix(fallback)
            guard samples == nil else {
                for index in inner { state.slots[index].skipped = true }
                return (Array(inner), [])
            }
            return ([], inner.filter { state.slots[$0].fallbackOf == slot })
        }
        for index in skipped { cancellations[index]?.cancel() }
        for index in released { cancellations[index]?.release() }
        itemAvailable.signal()
    }

    /// Any thread: the utterance is cut; both sides stop waiting.
    func cancel() {
        state.withLock { $0.cancelled = true }
        cancelSynthesis()
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
                while state.current < state.slots.count {
                    let index = state.current
                    if state.slots[index].skipped {
                        state.current += 1
                        continue
                    }
                    // Tones and silences are made when they are reached, on this thread.
                    switch state.slots[index].step {
                    case let .tone(hertz, duration, volume) where !state.slots[index].ended:
                        let samples = ToneGenerator.tone(hertz: hertz, duration: duration, sampleRate: sampleRate, volume: volume)
                        state.slots[index].pieces = Deque(Self.pieces(of: samples, sampleRate: sampleRate).map { .audio($0) })
                        state.slots[index].ended = true
                        state.buffered += samples.count
                    case let .silence(duration) where !state.slots[index].ended:
                        let samples = ToneGenerator.silence(duration, sampleRate: sampleRate)
                        state.slots[index].pieces = Deque(Self.pieces(of: samples, sampleRate: sampleRate).map { .audio($0) })
                        state.slots[index].ended = true
                        state.buffered += samples.count
                    default:
                        break
                    }
                    switch state.slots[index].pieces.popFirst() {
                    case let .audio(chunk):
                        state.buffered -= chunk.count
                        return .audio(chunk)
                    case let .mark(mark):
                        state.marksAhead -= 1
                        return .mark(mark)
                    case nil:
                        guard state.slots[index].ended else { return nil }
                        // A synthesis that did not complete ends the utterance here, after its audio.
                        if state.slots[index].failed, let end = state.end { return .end(end) }
                        state.current += 1
                    }
                }
                if state.end == nil { state.end = .completed }
                return .end(state.end ?? .completed)
            }
            if let item {
                if case .audio = item { roomAvailable.signal() }
                return item
            }
            itemAvailable.wait()
        }
    }

    /// `samples` in pieces of 20 ms.
    private static func pieces(of samples: [Int16], sampleRate: Int) -> [[Int16]] {
        let piece = max(1, sampleRate / 50)
        return stride(from: 0, to: samples.count, by: piece).map { Array(samples[$0..<min($0 + piece, samples.count)]) }
    }
}
