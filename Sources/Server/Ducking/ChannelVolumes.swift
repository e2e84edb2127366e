import Glibc

/// A playback stream's volume, one value for each of its channels, on the sound server's scale:
/// 65536 is the stream as it was recorded, 0 is silence, and loudness goes as the cube of the value.
public struct ChannelVolumes: Sendable, Hashable, CustomStringConvertible {
    /// The value for the stream's own loudness (PulseAudio's `PA_VOLUME_NORM`).
    public static let normal: UInt32 = 0x10000
    /// How far a value read back may lie from one that was set and still be the same: PipeWire keeps
    /// volumes as floating point and gives back a value a few steps off. A user's change is larger.
    public static let sameWithin: UInt32 = normal / 200

    public var values: [UInt32]

    public init(_ values: [UInt32]) {
        self.values = values
    }

    /// These volumes made `decibels` quieter: each value times the cube root of the amplitude's factor.
    public func lowered(byDecibels decibels: Double) -> ChannelVolumes {
        let factor = pow(10, -decibels / 60)
        return ChannelVolumes(values.map { UInt32((Double($0) * factor).rounded()) })
    }

    /// True when every channel lies within `sameWithin` of `other`'s.
    public func isSame(as other: ChannelVolumes) -> Bool {
        values.count == other.values.count
            && zip(values, other.values).allSatisfy { ($0 > $1 ? $0 - $1 : $1 - $0) <= Self.sameWithin }
    }

    /// The values parted by commas, as the state file keeps them.
    public var description: String { values.map(String.init).joined(separator: ",") }

    /// Reads `description`'s form; nil for anything else.
    public init?(_ text: Substring) {
        let values = text.split(separator: ",").compactMap { UInt32($0) }
        guard !values.isEmpty, values.count == text.split(separator: ",").count else { return nil }
        self.values = values
    }
}
