/// One playback stream on the sound server (a PulseAudio sink input), as the ducker sees it.
public struct PlaybackStream: Sendable, Hashable {
    /// The server's number for the stream, unique while the server runs.
    public var index: UInt32
    public var volume: ChannelVolumes
    /// The process that plays it, when the server knows.
    public var processID: Int32?
    /// False for a stream whose volume cannot be set (a passthrough stream).
    public var volumeIsWritable: Bool
    /// The name the sound server remembers the stream's volume under, for the next stream of its
    /// application or role (`sink-input-by-application-name:Firefox`), when it names one.
    public var rememberedAs: String?
    public var isMuted: Bool

    public init(index: UInt32, volume: ChannelVolumes, processID: Int32?, volumeIsWritable: Bool = true, rememberedAs: String? = nil, isMuted: Bool = false) {
        self.index = index
        self.volume = volume
        self.processID = processID
        self.volumeIsWritable = volumeIsWritable
        self.rememberedAs = rememberedAs
        self.isMuted = isMuted
    }
}
