extension Duration {
    /// Seconds with one decimal, as "0.3": what `String(format: "%.1f")` would give, without Foundation.
    var tenthsOfSeconds: String {
        let (seconds, attoseconds) = components
        let tenths = seconds * 10 + (attoseconds + 50_000_000_000_000_000) / 100_000_000_000_000_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}
