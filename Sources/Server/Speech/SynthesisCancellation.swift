import Dispatch
import Synchronization

/// One request's cancellation, held by whoever asked for the synthesis: once cancelled, a request that
/// waits is never started (it ends `aborted` without touching eSpeak, so it never delays the ones behind
/// it) and one that runs stops before its next chunk. A request may be given one that is held: it does
/// not start until `release()` (or `cancel()`), as the fallback of a sound icon waits to know whether the sound plays.
public final class SynthesisCancellation: Sendable {
    private static let open: UInt8 = 0
    private static let held: UInt8 = 1
    private static let cancelled: UInt8 = 2
    private let state: Atomic<UInt8>
    /// Signalled once when a held cancellation is released or cancelled; nil when it was never held.
    private let decided: DispatchSemaphore?

    /// An open cancellation; or, when `held`, one whose request waits for `release()` before it starts.
    public init(held: Bool = false) {
        state = Atomic(held ? Self.held : Self.open)
        decided = held ? DispatchSemaphore(value: 0) : nil
    }

    /// Stops the request: it is never started, or it stops before its next chunk.
    public func cancel() {
        if state.exchange(Self.cancelled, ordering: .acquiringAndReleasing) == Self.held { decided?.signal() }
    }

    /// Lets a held request start; nothing once it is cancelled.
    public func release() {
        if state.compareExchange(expected: Self.held, desired: Self.open, ordering: .acquiringAndReleasing).exchanged {
            decided?.signal()
        }
    }

    /// True once cancelled. Never waits.
    public var isCancelled: Bool { state.load(ordering: .acquiring) == Self.cancelled }

    /// The synthesizer's question just before it starts the request: waits while it is held, then
    /// says whether it was cancelled.
    public func isCancelledBeforeStart() -> Bool {
        if state.load(ordering: .acquiring) == Self.held {
            decided?.wait()
            // Passed on, in case another asks too.
            decided?.signal()
        }
        return isCancelled
    }
}
