extension Int {
    /// The number with commas between groups of three digits, as English text writes it: 10,000.
    /// Fixed rather than taken from the locale, since the report's sentences are English.
    var withThousandsSeparators: String {
        let digits = String(magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (self < 0 ? "-" : "") + grouped
    }
}
