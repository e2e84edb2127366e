import Histogram

/// Percentiles of one latency over many announcements, taken from an HDR histogram, in microseconds.
public struct LatencyStatistics: Sendable, Equatable {
    public var count: Int
    public var p50: UInt64
    public var p90: UInt64
    public var p99: UInt64
    public var max: UInt64
    /// The 99th percentile by nearest rank over the exact values: the verdict against a bound uses it,
    /// since the histogram reports the top of a bucket (256 µs wide near 500 ms) and could tip a pass into a fail.
    public var exactP99: UInt64

    /// Nil when there are no values.
    public init?(microseconds values: [UInt64]) {
        guard !values.isEmpty else { return nil }
        // Up to ten minutes, three significant digits: 1 µs resolution below a millisecond, 0.1 % above.
        var histogram = Histogram<UInt64>(highestTrackableValue: 600_000_000, numberOfSignificantValueDigits: .three)
        for value in values { histogram.record(Swift.min(value, histogram.highestTrackableValue)) }
        count = values.count
        p50 = histogram.valueAtPercentile(50)
        p90 = histogram.valueAtPercentile(90)
        p99 = histogram.valueAtPercentile(99)
        max = histogram.maxRecorded
        exactP99 = Self.exactP99(of: values)!
    }

    /// The 99th percentile by nearest rank: the smallest value that at least 99 % of the values do not exceed;
    /// nil when there are none. The one percentile the project judges latencies by.
    public static func exactP99(of values: [UInt64]) -> UInt64? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted[Swift.max(0, Int((0.99 * Double(sorted.count)).rounded(.up)) - 1)]
    }

    /// "p50 0.21, p90 0.30, p99 0.41, max 0.52", in milliseconds.
    var spoken: String {
        "p50 \(Self.milliseconds(p50)), p90 \(Self.milliseconds(p90)), p99 \(Self.milliseconds(p99)), max \(Self.milliseconds(max))"
    }

    /// Microseconds written as milliseconds with two decimals, the resolution a listener can use.
    static func milliseconds(_ microseconds: UInt64) -> String {
        let hundredths = (microseconds + 5) / 10
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
