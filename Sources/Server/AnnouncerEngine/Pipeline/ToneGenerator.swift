import Foundation

/// The samples of a pure tone (Emacspeak's `t`) and of silence, at the speech rate.
enum ToneGenerator {
    /// A tone's loudness at volume 100: a third of full scale, about as loud as eSpeak NG's speech.
    static let amplitude = 0.33
    /// Each end fades over 5 ms, so the tone starts and stops without a click.
    static let fade = Duration.milliseconds(5)

    /// A sine at `hertz` for `duration`; `volume` is the announcement's, 0 to 200 with 100 normal.
    static func tone(hertz: Int, duration: Duration, sampleRate: Int, volume: Int = 100) -> [Int16] {
        let count = frames(duration, sampleRate: sampleRate)
        let fadeFrames = min(count / 2, frames(fade, sampleRate: sampleRate))
        let peak = amplitude * Double(max(0, min(200, volume))) / 100 * Double(Int16.max)
        let step = 2 * Double.pi * Double(hertz) / Double(sampleRate)
        return (0..<count).map { index in
            var gain = 1.0
            let fromEnd = count - 1 - index
            if index < fadeFrames { gain = 0.5 - 0.5 * cos(Double.pi * Double(index) / Double(fadeFrames)) }
            if fromEnd < fadeFrames { gain = min(gain, 0.5 - 0.5 * cos(Double.pi * Double(fromEnd) / Double(fadeFrames))) }
            return Int16((sin(step * Double(index)) * peak * gain).rounded())
        }
    }

    /// `duration` of silence.
    static func silence(_ duration: Duration, sampleRate: Int) -> [Int16] {
        [Int16](repeating: 0, count: frames(duration, sampleRate: sampleRate))
    }

    static func frames(_ duration: Duration, sampleRate: Int) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(0, Int(seconds) * sampleRate + Int(Double(attoseconds) / 1e18 * Double(sampleRate)))
    }
}
