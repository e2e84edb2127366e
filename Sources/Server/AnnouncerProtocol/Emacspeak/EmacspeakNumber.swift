/// A number in an Emacspeak command (`sh 250`, `t 440 50`, `tts_set_speech_rate 1e19`), read as a
/// decimal, as its Tcl servers read it, and brought within what the command takes without trapping.
struct EmacspeakNumber {
    /// The number as written: finite, or infinite when it overflowed (`1e400`); never NaN.
    let value: Double
    /// The word it was read from, for the sentence about a number too large.
    let word: String

    /// nil when `word` is no number.
    init?(_ word: String?) {
        guard let word, let value = Double(word), !value.isNaN else { return nil }
        self.value = value
        self.word = word
    }

    /// False for a number no whole number can hold (2^63 or more either way, as `1e19` or twenty
    /// digits): Tcl refuses such a number, and converting it to `Int` would trap.
    var fitsWholeNumber: Bool { value.magnitude < 0x1p63 }

    /// Rounded to a whole number and brought within `range`.
    func clamped(to range: ClosedRange<Int>) -> Int {
        if value <= Double(range.lowerBound) { return range.lowerBound }
        if value >= Double(range.upperBound) { return range.upperBound }
        return Int(value.rounded())
    }
}
