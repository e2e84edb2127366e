/// A stream the ducker lowered: its own volume, to give back, and the volume it was given, by which a
/// change of the user's is told from the ducker's own.
public struct DuckedStream: Sendable, Hashable {
    public var index: UInt32
    public var original: ChannelVolumes
    public var lowered: ChannelVolumes

    public init(index: UInt32, original: ChannelVolumes, lowered: ChannelVolumes) {
        self.index = index
        self.original = original
        self.lowered = lowered
    }
}
