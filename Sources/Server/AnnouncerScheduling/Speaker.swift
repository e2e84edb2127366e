public import AnnouncerCore

/// What turns an announcement into sound. The scheduler drives it; the engine implements it
/// with a synthesis thread and an audio thread.
///
/// Both methods are called on the scheduler's queue and must return at once.
public protocol Speaker: AnyObject, Sendable {
    /// Begins speaking. `report` is called, from any thread, once with `.firstAudio`
    /// (unless nothing was heard) and once with `.finished`, unless `stop` came first.
    func speak(_ announcement: Announcement, report: @escaping @Sendable (SpeechReport) -> Void)

    /// Cuts this announcement's speech now: stop synthesis, drop buffered audio. No report follows.
    func stop(_ id: AnnouncementID)

    /// Stops this announcement's speech at its next index mark, letting the audio before the mark play
    /// out, or at once when no mark lies ahead; then reports `.paused` instead of `.finished`. If its
    /// speech ends before a pause can take effect, `.finished` comes as usual.
    func pause(_ id: AnnouncementID)
}

/// News from a speaker about one utterance.
public enum SpeechReport: Sendable, Hashable {
    /// The first frame was handed to the sink at `at`; the sink estimated it becomes audible at `audibleAt`.
    case firstAudio(at: MonotonicInstant, audibleAt: MonotonicInstant)
    /// The utterance ended on its own.
    case finished(SpeechResult, at: MonotonicInstant)
    /// The audio at mark number `index` of the announcement's script (0 is the first) was handed to the
    /// sink at `at`; the sink estimated it becomes audible at `audibleAt`.
    case mark(index: Int, at: MonotonicInstant, audibleAt: MonotonicInstant)
    /// The utterance stopped for a pause, just after mark number `afterMark` was heard, or at once with
    /// none heard (nil). No `.finished` follows.
    case paused(afterMark: Int?, at: MonotonicInstant)
}
