/// Discards audio at the pace of a real device, so tests without a sound card see real timing.
public final class NullSink: AudioSink {
    public let name = "null"
    public let format: AudioFormat
    private let pacer: PlaybackPacer

    public init(format: AudioFormat, bufferDuration: Duration = .milliseconds(50)) {
        self.format = format
        self.pacer = PlaybackPacer(format: format, bufferDuration: bufferDuration)
    }

    public func beginUtterance() {}

    public func write(_ samples: UnsafeBufferPointer<Int16>) -> Bool {
        pacer.admit(frames: samples.count)
    }

    public func outputDelay() -> Duration { pacer.delay() }
    public func waitUntilPlayed() -> Bool { pacer.waitUntilPlayed() }
    public func cut() { pacer.cut() }
    public func close() {}
}
