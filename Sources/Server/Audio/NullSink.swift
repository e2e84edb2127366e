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

    public var cutMark: CutMark { pacer.cutMark }

    public func write(_ samples: UnsafeBufferPointer<Int16>, unlessCutSince mark: CutMark) -> Bool {
        pacer.admit(frames: samples.count, unlessCutSince: mark)
    }

    public func outputDelay() -> Duration { pacer.delay() }
    public func waitUntilPlayed() -> Bool { pacer.waitUntilPlayed() }
    public func cut() { pacer.cut() }
    public func close() {}
}
