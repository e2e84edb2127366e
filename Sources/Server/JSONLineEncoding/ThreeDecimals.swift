/// A measured number written with exactly three decimals, such as a latency of `0.412` ms or a contrast
/// ratio of `4.500`, so columns of figures line up; read back as an ordinary number.
public struct ThreeDecimals: Sendable, Hashable, Codable {
    public var value: Double

    public init(_ value: Double) { self.value = value }

    public init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Double.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    /// The value rounded to thousandths and written out; `null` when it is not finite.
    public var jsonText: String {
        guard value.isFinite, abs(value) < 9e15 else { return "null" }
        let thousandths = Int64((value * 1_000).rounded())
        let magnitude = thousandths.magnitude
        let fraction = String(magnitude % 1_000)
        let sign = thousandths < 0 ? "-" : ""
        return "\(sign)\(magnitude / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
