import Dispatch
import Synchronization

/// A virtual sound device's clock: accepts audio as fast as a device with a buffer of
/// `bufferDuration` would, and says when each written frame is heard.
///
/// Sinks without hardware (`null`, `wav:`) use it so that timing in tests is real.
final class PlaybackPacer: Sendable {
    let format: AudioFormat
    let bufferDuration: Duration
    private let state = Mutex<State>(State())
    private let wake = DispatchSemaphore(value: 0)

    private struct State {
        /// When the last written frame finishes playing; nil while idle.
        var playsUntil: UInt64?
        var cutGeneration: UInt64 = 0
        /// False once `stopPacing` was called: audio is taken as fast as it comes.
        var paced = true
    }

    init(format: AudioFormat, bufferDuration: Duration = .milliseconds(50)) {
        self.format = format
        self.bufferDuration = bufferDuration
    }

    var cutMark: CutMark { CutMark(count: state.withLock { $0.cutGeneration }) }

    /// From now on, takes audio as fast as it comes and says it is heard at once, as a device without
    /// a clock would: rendering faster than real time, whose timings are not a listener's.
    func stopPacing() {
        state.withLock { $0.paced = false }
        wake.signal()
    }

    /// Blocks until the virtual buffer has room for `frames`, then takes them, calling
    /// `onAdmit` while no cut can intervene. Returns false when a cut came after `mark`.
    func admit(frames: Int, unlessCutSince mark: CutMark, onAdmit: (() -> Void)? = nil) -> Bool {
        let duration = UInt64(format.duration(ofFrames: frames).inMicroseconds)
        let capacity = UInt64(bufferDuration.inMicroseconds)
        let generation = mark.count
        while true {
            let now = Self.now()
            let waitUntil: UInt64? = state.withLock { state in
                guard state.cutGeneration == generation else { return nil }
                guard state.paced else {
                    state.playsUntil = now
                    onAdmit?()
                    return 0
                }
                let start = max(state.playsUntil ?? now, now)
                // The whole chunk is admitted once what is still buffered leaves room for it,
                // or at once when the chunk alone is larger than the buffer and the buffer is empty.
                let buffered = start - now
                if buffered + duration <= capacity || buffered == 0 {
                    state.playsUntil = start + duration
                    onAdmit?()
                    return 0
                }
                return now + (buffered + duration - capacity)
            }
            guard let waitUntil else { return false }
            if waitUntil == 0 { return true }
            _ = wake.wait(timeout: DispatchTime(uptimeNanoseconds: waitUntil * 1_000))
        }
    }

    /// How long until a frame admitted now is heard.
    func delay() -> Duration {
        let now = Self.now()
        return state.withLock { state in
            guard let until = state.playsUntil, until > now else { return .zero }
            return .microseconds(Int64(until - now))
        }
    }

    /// Blocks until all admitted audio has played; false if cut first.
    func waitUntilPlayed() -> Bool {
        let generation = state.withLock { $0.cutGeneration }
        while true {
            let now = Self.now()
            let until: UInt64? = state.withLock { state in
                guard state.cutGeneration == generation else { return nil }
                guard let until = state.playsUntil, until > now else { return 0 }
                return until
            }
            guard let until else { return false }
            if until == 0 { return true }
            _ = wake.wait(timeout: DispatchTime(uptimeNanoseconds: until * 1_000))
        }
    }

    /// Discards what is buffered, telling `onCut` how much of it had not yet played
    /// while no write can intervene.
    func cut(onCut: ((Duration) -> Void)? = nil) {
        let now = Self.now()
        state.withLock { state in
            state.cutGeneration += 1
            let unplayed = state.playsUntil.map { $0 > now ? $0 - now : 0 } ?? 0
            state.playsUntil = unplayed > 0 ? now : state.playsUntil
            onCut?(.microseconds(Int64(unplayed)))
        }
        wake.signal()
    }

    /// How long the virtual device has been silent, or nil if it never played.
    func silentFor() -> Duration? {
        let now = Self.now()
        return state.withLock { state in
            state.playsUntil.map { .microseconds(Int64($0 < now ? now - $0 : 0)) }
        }
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds / 1_000 }
}
