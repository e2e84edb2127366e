import Glibc

/// A short sine tone as mono signed 16-bit PCM, with soft edges so it starts and stops without a click.
public struct Tone: Sendable, Equatable {
    /// Hertz.
    public var frequency: Double
    /// Seconds.
    public var duration: Double
    /// 0 to 1 of full scale.
    public var amplitude: Double

    public init(frequency: Double, duration: Double, amplitude: Double) {
        self.frequency = frequency
        self.duration = duration
        self.amplitude = min(max(amplitude, 0), 1)
    }

    /// The cue before a capital letter when capitals are marked by a sound: short, high and soft,
    /// so it is heard before the letter's name without covering it.
    public static let capitalLetter = Tone(frequency: 1_400, duration: 0.045, amplitude: 0.3)

    /// The tone's samples at `sampleRate`, `volume` scaling it as eSpeak's volume does (100 is as made, 0 silent).
    public func samples(sampleRate: Int, volume: Int = 100) -> [Int16] {
        let count = max(0, Int((duration * Double(sampleRate)).rounded()))
        // Five milliseconds of fade in and out, or a third of a very short tone.
        let edge = max(1, min(sampleRate / 200, count / 3))
        let peak = amplitude * Double(Int16.max) * Double(max(0, min(volume, 200))) / 100
        let step = 2 * Double.pi * frequency / Double(sampleRate)
        return (0..<count).map { index in
            let fade = min(1, Double(min(index, count - 1 - index)) / Double(edge))
            let value = (peak * fade * sin(step * Double(index))).rounded()
            return Int16(clamping: Int(value))
        }
    }
}
