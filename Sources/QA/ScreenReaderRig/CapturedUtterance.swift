/// One utterance a screen reader sent to announcer, as announcer received it, with its times on the
/// monotonic clock (microseconds of CLOCK_MONOTONIC, the clock of `MonotonicInstant`).
public struct CapturedUtterance: Sendable, Equatable {
    /// Announcer's id for it.
    public var id: String
    /// Its text as announcer received it: SSML's text without its markup.
    public var text: String
    /// When announcer received the request.
    public var received: UInt64
    /// When its first audio left for the sound device; nil until then, or if it never sounded.
    public var firstAudio: UInt64?
    /// How it ended (`spoken`, `interrupted`, …); nil while it waits or speaks.
    public var outcome: String?

    public init(id: String, text: String, received: UInt64, firstAudio: UInt64? = nil, outcome: String? = nil) {
        self.id = id
        self.text = text
        self.received = received
        self.firstAudio = firstAudio
        self.outcome = outcome
    }

    /// Whether all its times are known: it has sounded, or ended without sounding.
    public var isSettled: Bool { firstAudio != nil || outcome != nil }
}
