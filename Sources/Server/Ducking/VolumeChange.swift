/// A volume the ducker wants one stream to have.
public struct VolumeChange: Sendable, Hashable {
    public var index: UInt32
    public var volume: ChannelVolumes

    public init(index: UInt32, volume: ChannelVolumes) {
        self.index = index
        self.volume = volume
    }
}
