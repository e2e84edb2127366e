/// Where speech audio goes: a sound device, a WAV file, or nowhere at the pace of a device.
///
/// One playback thread writes; any thread may `cut`. A sink behaves like a sound device
/// with a small buffer: `write` blocks while the buffer is full, so audio flows in real time.
public protocol AudioSink: AnyObject, Sendable {
    /// How the user named it, such as `alsa:default`, `null` or `wav:/tmp/a.wav`.
    var name: String { get }
    var format: AudioFormat { get }

    /// Makes ready for a new utterance after a cut or a pause. Playback thread only.
    func beginUtterance() throws(AudioError)

    /// How many cuts there have been so far; read it before taking audio to write.
    var cutMark: CutMark { get }

    /// Plays these samples, blocking while the device buffer is full, unless a cut came after
    /// `mark` was read: then nothing more is written and it returns false. The mark closes the
    /// gap between taking a chunk of an utterance and writing it, in which a cut of that
    /// utterance would otherwise let its stale audio through.
    func write(_ samples: UnsafeBufferPointer<Int16>, unlessCutSince mark: CutMark) throws(AudioError) -> Bool

    /// How long until a frame written now is heard.
    func outputDelay() -> Duration

    /// Blocks until everything written has been heard, or until `cut`. Returns false when cut.
    /// Throws when the device stops playing, so a stalled device never holds the playback thread for ever.
    func waitUntilPlayed() throws(AudioError) -> Bool

    /// Any thread, at once: discards what is buffered and makes a blocked `write` or
    /// `waitUntilPlayed` return. Never waits for audio to drain.
    func cut()

    /// Releases the device or finishes the file.
    func close()

    /// Stops holding the device ready between utterances, so the sound server may let it sleep; the next
    /// `beginUtterance` makes it ready again. Playback thread only. Only a sound device does anything.
    func rest()
}

extension AudioSink {
    public func rest() {}

    /// Plays these samples unless a cut comes while they are being written.
    public func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) -> Bool {
        try write(samples, unlessCutSince: cutMark)
    }
}

/// The number of cuts a sink had seen at one moment.
public struct CutMark: Hashable, Sendable {
    let count: UInt64
}
