import Foundation

/// A recording of the sink's monitor read in windows of 5 ms: the tone's level in each (by the Goertzel
/// algorithm at its frequency, whose 75 whole cycles fit each window) and the level of the rest, the speech.
struct ToneLevels {
    static let windowMilliseconds = 5.0
    /// The tone's amplitude in each window.
    let tone: [Double]
    /// The root mean square of what is not the tone, in each window.
    let speech: [Double]

    init(samples: [Int16], rate: Int, frequency: Double) {
        let size = Int(Double(rate) * Self.windowMilliseconds / 1_000)
        let coefficient = 2 * cos(2 * .pi * frequency / Double(rate))
        var tone: [Double] = []
        var speech: [Double] = []
        for start in stride(from: 0, to: samples.count - size, by: size) {
            var (previous, beforePrevious, energy) = (0.0, 0.0, 0.0)
            for sample in samples[start..<start + size] {
                let value = Double(sample)
                energy += value * value
                let next = value + coefficient * previous - beforePrevious
                beforePrevious = previous
                previous = next
            }
            let power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
            let amplitude = 2 * power.squareRoot() / Double(size)
            tone.append(amplitude)
            speech.append(max(0, energy / Double(size) - amplitude * amplitude / 2).squareRoot())
        }
        self.tone = tone
        self.speech = speech
    }

    /// The window's start, in milliseconds from the recording's start.
    static func milliseconds(_ window: Int) -> Double { Double(window) * windowMilliseconds }

    /// The median of the tone's level over `windows`.
    func medianTone(_ windows: Range<Int>) -> Double {
        let sorted = tone[windows.clamped(to: tone.indices)].sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
