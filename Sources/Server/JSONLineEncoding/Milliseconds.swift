/// A time or duration on the wire: milliseconds with microsecond decimals, as the timeline writes them.
public struct Milliseconds: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The exact value, in whole microseconds.
    public var microseconds: UInt64

    public init(microseconds: UInt64) { self.microseconds = microseconds }

    /// The value read from a JSON number; nil when negative, not finite, or past any clock's reach
    /// (about 30,000 years).
    public init?(milliseconds: Double) {
        guard milliseconds.isFinite, milliseconds >= 0, milliseconds < 1e15,
              let microseconds = UInt64(exactly: (milliseconds * 1_000).rounded()) else { return nil }
        self.microseconds = microseconds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let value = try container.decode(Double.self)
        guard let milliseconds = Milliseconds(milliseconds: value) else {
            throw DecodingError.dataCorruptedError(in: container,
                debugDescription: "\(value) is not a number of milliseconds a monotonic clock could show.")
        }
        self = milliseconds
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    /// The value in milliseconds.
    public var value: Double { Double(microseconds) / 1_000 }

    /// Written with exactly three decimals, such as `2887658.154`.
    public var jsonText: String {
        let fraction = String(microseconds % 1_000)
        return "\(microseconds / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    public var description: String { jsonText }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.microseconds < rhs.microseconds }
}
