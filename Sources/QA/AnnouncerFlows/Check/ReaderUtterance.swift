/// One utterance a real screen reader spoke during a step, as its speech server received it, with the
/// three times on the monotonic clock (microseconds): the key sent, the request received, the first audio.
public struct ReaderUtterance: Sendable, Equatable {
    /// The text as the speech server received it, without markup.
    public var text: String
    /// When the step's key was sent.
    public var keySent: UInt64
    /// When the speech server received the request.
    public var received: UInt64
    /// When its first audio left for the sound device; nil if it never sounded.
    public var firstAudio: UInt64?
    /// How it ended, such as `spoken` or `interrupted`; nil if it had not ended when the step did.
    public var outcome: String?

    public init(text: String, keySent: UInt64, received: UInt64, firstAudio: UInt64?, outcome: String?) {
        self.text = text
        self.keySent = keySent
        self.received = received
        self.firstAudio = firstAudio
        self.outcome = outcome
    }

    /// From the key to the request's arrival: the screen reader's own share, in milliseconds.
    public var receivedAfterKey: Double { Double(Int64(received) - Int64(keySent)) / 1_000 }

    /// From the key to the first audio, in milliseconds.
    public var firstAudioAfterKey: Double? { firstAudio.map { Double(Int64($0) - Int64(keySent)) / 1_000 } }

    /// From the request's arrival to its first audio: the speech server's share, in milliseconds.
    public var firstAudioAfterReceived: Double? { firstAudio.map { Double(Int64($0) - Int64(received)) / 1_000 } }
}
