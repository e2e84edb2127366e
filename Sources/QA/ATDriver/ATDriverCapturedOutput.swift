/// One utterance the screen reader spoke, with when it happened, for the `interaction.capturedOutput` event.
///
/// The times are milliseconds on one monotonic clock of the backend's choosing; only their differences mean
/// anything. A time the backend does not know is nil, and the event leaves it out.
public struct ATDriverCapturedOutput: Sendable, Hashable {
    /// What was spoken, as plain text without speech markup.
    public var text: String
    /// When the key press that led to it was sent, if one was.
    public var keySent: Double?
    /// When the speech server received the request to speak it.
    public var received: Double?
    /// When its first audio was played.
    public var firstAudio: Double?

    public init(text: String, keySent: Double? = nil, received: Double? = nil, firstAudio: Double? = nil) {
        self.text = text
        self.keySent = keySent
        self.received = received
        self.firstAudio = firstAudio
    }
}
