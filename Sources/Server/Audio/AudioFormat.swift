/// The PCM every sink plays: mono, signed 16-bit little-endian, at one sample rate.
public struct AudioFormat: Sendable, Hashable {
    public var sampleRate: Int
    public let channels = 1
    public let bytesPerSample = 2

    public init(sampleRate: Int) { self.sampleRate = sampleRate }

    public func duration(ofFrames frames: Int) -> Duration {
        .microseconds(Int64(frames) * 1_000_000 / Int64(sampleRate))
    }

    public func frames(in duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * sampleRate + Int(attoseconds / 1_000_000_000) * sampleRate / 1_000_000_000
    }
}
