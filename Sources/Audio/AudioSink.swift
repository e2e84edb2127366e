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

    /// Plays these samples, blocking while the device buffer is full.
    /// Returns false when `cut` interrupted it; the rest of the samples were discarded.
    func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) -> Bool

    /// How long until a frame written now is heard.
    func outputDelay() -> Duration

    /// Blocks until everything written has been heard, or until `cut`. Returns false when cut.
    func waitUntilPlayed() -> Bool

    /// Any thread, at once: discards what is buffered and makes a blocked `write` or
    /// `waitUntilPlayed` return. Never waits for audio to drain.
    func cut()

    /// Releases the device or finishes the file.
    func close()
}
