/// Optional rate, pitch and volume for one announcement; `nil` keeps the voice's default.
public struct Prosody: Sendable, Hashable {
    /// Speaking rate in words per minute.
    public var rate: Int?
    /// Pitch from 0 (lowest) to 100 (highest).
    public var pitch: Int?
    /// Volume from 0 (silent) to 200 (twice the normal loudness).
    public var volume: Int?

    public static let rateRange = 80...450
    public static let pitchRange = 0...100
    public static let volumeRange = 0...200

    public init(rate: Int? = nil, pitch: Int? = nil, volume: Int? = nil) throws(AnnouncementError) {
        if let rate, !Self.rateRange.contains(rate) {
            throw .outOfRange(name: "rate", value: rate, range: Self.rateRange, unit: " words per minute")
        }
        if let pitch, !Self.pitchRange.contains(pitch) {
            throw .outOfRange(name: "pitch", value: pitch, range: Self.pitchRange, unit: "")
        }
        if let volume, !Self.volumeRange.contains(volume) {
            throw .outOfRange(name: "volume", value: volume, range: Self.volumeRange, unit: "")
        }
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
    }

    /// The voice's own rate, pitch and volume.
    public static let voiceDefault = try! Prosody()
}
