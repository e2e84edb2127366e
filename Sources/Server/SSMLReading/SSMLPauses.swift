/// How long SSML's pauses last: `break` by its `time` or `strength`, and the ends of sentences and
/// paragraphs.
enum SSMLPauses {
    /// The longest pause one `break` (or a run of them) makes; longer times are cut to it.
    static let longest = SSMLReader.maxPause
    /// After an `s`.
    static let sentenceEnd = Duration.milliseconds(300)
    /// After a `p`.
    static let paragraphEnd = Duration.milliseconds(600)

    /// A `break`'s pause: its `time` when that reads ("500ms", "1.5s"), else its `strength`, else medium.
    static func breakDuration(time: String?, strength: String?) -> Duration {
        time.flatMap(Self.time) ?? strength.flatMap(Self.strength) ?? .milliseconds(200)
    }

    /// `none` 0, `x-weak` 50, `weak` 100, `medium` 200, `strong` 400, `x-strong` 700 ms.
    static func strength(_ value: String) -> Duration? {
        switch value.trimmed.lowercased() {
        case "none": .zero
        case "x-weak": .milliseconds(50)
        case "weak": .milliseconds(100)
        case "medium": .milliseconds(200)
        case "strong": .milliseconds(400)
        case "x-strong": .milliseconds(700)
        default: nil
        }
    }

    /// A time in milliseconds or seconds, to the millisecond, at most `longest`.
    static func time(_ value: String) -> Duration? {
        let value = value.trimmed.lowercased()
        let (number, scale): (Substring, Double) =
            value.hasSuffix("ms") ? (value.dropLast(2), 1) : value.hasSuffix("s") ? (value.dropLast(), 1000) : ("", 0)
        guard let amount = Double(number.trimmed), amount.isFinite, amount >= 0 else { return nil }
        let milliseconds = min(amount * scale, Double(longest.components.seconds * 1000))
        return .milliseconds(Int(milliseconds.rounded()))
    }
}
