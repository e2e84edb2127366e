/// A stream the ducker lowered: its own volume, to give back, and the volume it was given, by which a
/// change of the user's is told from the ducker's own.
public struct DuckedStream: Sendable, Hashable {
    public var index: UInt32
    public var original: ChannelVolumes
    public var lowered: ChannelVolumes
    /// The name the sound server remembers the stream's volume under, if any (`PlaybackStream.rememberedAs`):
    /// a stream that ends while lowered leaves its lowered volume there, to be given back.
    public var rememberedAs: String?
    /// Whether the stream was muted, when known (the state file does not keep it).
    public var wasMuted: Bool?

    public init(index: UInt32, original: ChannelVolumes, lowered: ChannelVolumes, rememberedAs: String? = nil, wasMuted: Bool? = nil) {
        self.index = index
        self.original = original
        self.lowered = lowered
        self.rememberedAs = rememberedAs
        self.wasMuted = wasMuted
    }
}
