/// What ducking decides, with no sound server: which streams to lower while announcer speaks, which
/// to give back their volume, and which a user has changed meanwhile, whose change is kept.
///
/// It is told what the server reports (streams that appear, change and go) and when speech starts and
/// ends; it answers with the volumes to set. Each report carries the `serial` of the server request that
/// read it, and each volume it asks for is noted with the serial of the request that sets it: a report
/// read before the ducker's own change reached the server is not taken for a user's change.
public struct Ducker: Sendable {
    /// How many decibels other streams are lowered by.
    public let decibels: Double
    /// The processes whose streams are never lowered: announcerd's own.
    public let exemptProcessIDs: Set<Int32>
    /// True while announcer speaks (or its hold has not run out).
    public private(set) var isDucking = false
    /// Every stream the server has reported, by index.
    public private(set) var streams: [UInt32: PlaybackStream] = [:]
    /// The streams lowered now, by index: what the state file keeps.
    public private(set) var ducked: [UInt32: DuckedStream] = [:]
    /// For each lowered stream, the serial of the request that last set its volume.
    private var setAt: [UInt32: UInt64] = [:]

    public init(decibels: Double, exemptProcessIDs: Set<Int32>) {
        self.decibels = decibels
        self.exemptProcessIDs = exemptProcessIDs
    }

    /// Whether `stream` is one to lower.
    private func isDuckable(_ stream: PlaybackStream) -> Bool {
        stream.volumeIsWritable && !(stream.processID.map(exemptProcessIDs.contains) ?? false)
    }

    /// Speech began: every other stream is lowered, from its volume now.
    public mutating func duck() -> [VolumeChange] {
        isDucking = true
        return streams.values.sorted { $0.index < $1.index }.compactMap { lower($0) }
    }

    /// Speech ended and its hold ran out: every stream still lowered gets its own volume back.
    public mutating func restore() -> [VolumeChange] {
        isDucking = false
        defer {
            ducked = [:]
            setAt = [:]
        }
        return ducked.values.sorted { $0.index < $1.index }.map { VolumeChange(index: $0.index, volume: $0.original) }
    }

    /// Notes that the request numbered `serial` sets the volume `change` asked for.
    public mutating func sent(_ change: VolumeChange, serial: UInt64) {
        if ducked[change.index] != nil { setAt[change.index] = serial }
    }

    /// A stream the server reports, new or changed, as the request numbered `serial` read it.
    /// While ducking, a new stream is lowered; a lowered one whose volume is no longer the one it was
    /// given was changed by its user, so it is left as they set it.
    public mutating func reported(_ stream: PlaybackStream, serial: UInt64) -> [VolumeChange] {
        streams[stream.index] = stream
        if let lowered = ducked[stream.index] {
            guard serial > setAt[stream.index, default: 0] else { return [] }
            if !stream.volume.isSame(as: lowered.lowered) {
                ducked[stream.index] = nil
                setAt[stream.index] = nil
            }
            return []
        }
        guard isDucking else { return [] }
        return lower(stream).map { [$0] } ?? []
    }

    /// The stream went away; returns what was kept of it when it was lowered, since the sound server
    /// may remember its lowered volume for the next stream of its application.
    @discardableResult
    public mutating func vanished(index: UInt32) -> DuckedStream? {
        streams[index] = nil
        setAt[index] = nil
        return ducked.removeValue(forKey: index)
    }

    /// The volumes to give back to the streams a ducker that ended unexpectedly left lowered, as its
    /// state file kept them: only a stream that is still there with the lowered volume it was given.
    /// Those streams are taken to have their own volume again from now on.
    public mutating func recovering(_ left: [DuckedStream]) -> [VolumeChange] {
        left.compactMap { entry in
            guard var stream = streams[entry.index], ducked[entry.index] == nil, stream.volume.isSame(as: entry.lowered) else { return nil }
            stream.volume = entry.original
            streams[entry.index] = stream
            return VolumeChange(index: entry.index, volume: entry.original)
        }
    }

    /// Of the streams a ducker that ended unexpectedly left lowered, those that have ended since and
    /// whose remembered volume may still be the lowered one.
    public func ended(_ left: [DuckedStream]) -> [DuckedStream] {
        left.filter { streams[$0.index] == nil && $0.rememberedAs != nil }
    }

    private mutating func lower(_ stream: PlaybackStream) -> VolumeChange? {
        guard ducked[stream.index] == nil, isDuckable(stream) else { return nil }
        let lowered = stream.volume.lowered(byDecibels: decibels)
        ducked[stream.index] = DuckedStream(index: stream.index, original: stream.volume, lowered: lowered, rememberedAs: stream.rememberedAs, wasMuted: stream.isMuted)
        return VolumeChange(index: stream.index, volume: lowered)
    }
}
