/// The value of a slider, spin button, progress bar or meter: the number, its bounds, and the text
/// that stands for it (`aria-valuetext`), which is said instead of the number when there is one.
public struct RangeValue: Sendable, Hashable {
    public var now: Double?
    public var minimum: Double?
    public var maximum: Double?
    /// `aria-valuetext`, such as "Medium" or "3 stars".
    public var text: String?

    public init(now: Double?, minimum: Double? = nil, maximum: Double? = nil, text: String? = nil) {
        self.now = now
        self.minimum = minimum
        self.maximum = maximum
        self.text = text
    }

    /// What is said for the value: the text, else the number written without a needless ".0".
    public var spoken: String? {
        if let text, !text.isEmpty { return text }
        return now.map(Self.number)
    }

    /// 5 for 5.0, 2.5 for 2.5.
    public static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
