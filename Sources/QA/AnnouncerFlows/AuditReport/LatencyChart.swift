/// The report's plots, drawn as SVG with no script: a bar per phrase for one flow, and a histogram over
/// the run. Each has a title and a description, and the page puts a table of the same figures after it.
enum LatencyChart {
    static let limit = 500.0
    static let width = 720.0
    static let height = 260.0
    static let left = 76.0
    static let bottom = 36.0
    static let top = 24.0

    /// The histogram's bins, in milliseconds; the last is open.
    static let bins: [(from: Int, to: Int?)] = [(0, 2), (2, 5), (5, 10), (10, 20), (20, 50), (50, 100), (100, 200), (200, 500), (500, nil)]

    static func binCounts(_ latencies: [Double]) -> [Int] {
        bins.map { bin in
            latencies.count { latency in latency >= Double(bin.from) && (bin.to.map { latency < Double($0) } ?? true) }
        }
    }

    /// A bar per phrase, with the 500 ms limit as a dashed line when the bars come near it; a judged
    /// bar (an announcement) over it is striped and marked with a cross, so no colour is needed to see
    /// it. A focus phrase is not judged: it may wait, as it should, behind an assertive announcement.
    static func bars(_ values: [(label: String, milliseconds: Double, judged: Bool)], id: String, title: String, description: String, words: AuditWords) -> String {
        let largest = values.map(\.milliseconds).max() ?? 0
        let scaleTop = niceTop(largest > limit / 2 ? max(largest * 1.1, limit * 1.1) : max(largest * 1.2, 4))
        var svg = open(id: id, title: title, description: description)
        svg += axis(scaleTop: scaleTop, words: words)
        let plotWidth = width - left - 12
        let slot = plotWidth / Double(max(values.count, 1))
        let labelEvery = max(1, Int((Double(values.count) / 24).rounded(.up)))
        for (index, value) in values.enumerated() {
            let barHeight = (height - top - bottom) * value.milliseconds / scaleTop
            let x = left + Double(index) * slot + slot * 0.15
            let y = height - bottom - barHeight
            let late = value.judged && value.milliseconds > limit
            svg += "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(slot * 0.7))\" height=\"\(f(max(barHeight, 1)))\" fill=\"\(late ? "url(#\(id)-late)" : "#1F4E8C")\" stroke=\"#1A1A1A\" stroke-width=\"0.5\"/>"
            if late { svg += "<text x=\"\(f(x + slot * 0.35))\" y=\"\(f(y - 4))\" text-anchor=\"middle\" font-size=\"14\" fill=\"#8B0000\">✗</text>" }
            if index % labelEvery == 0 {
                svg += "<text x=\"\(f(x + slot * 0.35))\" y=\"\(f(height - bottom + 16))\" text-anchor=\"middle\" font-size=\"11\" fill=\"#1A1A1A\">\(MarkupText.escaped(value.label))</text>"
            }
        }
        if scaleTop >= limit {
            let y = height - bottom - (height - top - bottom) * limit / scaleTop
            svg += "<line x1=\"\(f(left))\" y1=\"\(f(y))\" x2=\"\(f(width - 12))\" y2=\"\(f(y))\" stroke=\"#8B0000\" stroke-width=\"2\" stroke-dasharray=\"8 4\"/>"
            svg += "<text x=\"\(f(left + 6))\" y=\"\(f(y - 5))\" text-anchor=\"start\" font-size=\"12\" fill=\"#8B0000\">\(MarkupText.escaped(words.limitLabel))</text>"
        }
        return svg + "</svg>"
    }

    /// A bar per bin, with its count above it.
    static func histogram(_ latencies: [Double], id: String, title: String, description: String, words: AuditWords) -> String {
        let counts = binCounts(latencies)
        let largest = Double(counts.max() ?? 0)
        var svg = open(id: id, title: title, description: description)
        let plotWidth = width - left - 12
        let slot = plotWidth / Double(bins.count)
        svg += "<line x1=\"\(f(left))\" y1=\"\(f(height - bottom))\" x2=\"\(f(width - 12))\" y2=\"\(f(height - bottom))\" stroke=\"#1A1A1A\"/>"
        for (index, count) in counts.enumerated() {
            let barHeight = largest == 0 ? 0 : (height - top - bottom - 16) * Double(count) / largest
            let x = left + Double(index) * slot + slot * 0.1
            let y = height - bottom - barHeight
            let late = bins[index].to == nil
            svg += "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(slot * 0.8))\" height=\"\(f(max(barHeight, count > 0 ? 1 : 0)))\" fill=\"\(late ? "url(#\(id)-late)" : "#1F4E8C")\" stroke=\"#1A1A1A\" stroke-width=\"0.5\"/>"
            svg += "<text x=\"\(f(x + slot * 0.4))\" y=\"\(f(y - 4))\" text-anchor=\"middle\" font-size=\"12\" fill=\"#1A1A1A\">\(count)</text>"
            let bin = bins[index]
            let label = bin.to.map { "\(bin.from)–\($0)" } ?? "≥\(bin.from)"
            svg += "<text x=\"\(f(x + slot * 0.4))\" y=\"\(f(height - bottom + 16))\" text-anchor=\"middle\" font-size=\"11\" fill=\"#1A1A1A\">\(label) ms</text>"
        }
        return svg + "</svg>"
    }

    /// The smallest of 1, 2, 4, 5 and 8 times a power of ten at or above `value`, so that a quarter of it is a round tick.
    static func niceTop(_ value: Double) -> Double {
        var power = 1.0
        while power * 10 < value { power *= 10 }
        while power > value { power /= 10 }
        for factor in [1.0, 2, 4, 5, 8, 10] where factor * power >= value { return factor * power }
        return 10 * power
    }

    private static func open(id: String, title: String, description: String) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 \(f(width)) \(f(height))" width="100%" \
        aria-labelledby="\(id)-title" aria-describedby="\(id)-desc"><title id="\(id)-title">\(MarkupText.escaped(title))</title>\
        <desc id="\(id)-desc">\(MarkupText.escaped(description))</desc>\
        <defs><pattern id="\(id)-late" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">\
        <rect width="6" height="6" fill="#FFFFFF"/><rect width="3" height="6" fill="#8B0000"/></pattern></defs>
        """
    }

    private static func axis(scaleTop: Double, words: AuditWords) -> String {
        var svg = "<line x1=\"\(f(left))\" y1=\"\(f(top))\" x2=\"\(f(left))\" y2=\"\(f(height - bottom))\" stroke=\"#1A1A1A\"/>"
        svg += "<line x1=\"\(f(left))\" y1=\"\(f(height - bottom))\" x2=\"\(f(width - 12))\" y2=\"\(f(height - bottom))\" stroke=\"#1A1A1A\"/>"
        for tick in 0...4 {
            let value = scaleTop * Double(tick) / 4
            let y = height - bottom - (height - top - bottom) * Double(tick) / 4
            svg += "<line x1=\"\(f(left - 4))\" y1=\"\(f(y))\" x2=\"\(f(left))\" y2=\"\(f(y))\" stroke=\"#1A1A1A\"/>"
            let label = scaleTop >= 20 ? "\(Int(value.rounded())) ms" : words.milliseconds(value)
            svg += "<text x=\"\(f(left - 8))\" y=\"\(f(y + 4))\" text-anchor=\"end\" font-size=\"11\" fill=\"#1A1A1A\">\(MarkupText.escaped(label))</text>"
        }
        return svg
    }

    private static func f(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }
}
