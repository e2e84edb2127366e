import DevToolsProtocol

/// An element's box on the page, in CSS pixels from the document's top left corner.
struct PageBox: Sendable, Hashable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// From the page's `[x, y, width, height]`.
    init?(_ json: JSONValue?) {
        let numbers = (json?.array ?? []).compactMap { value -> Double? in if case let .number(number) = value { number } else { nil } }
        guard numbers.count == 4 else { return nil }
        self.init(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    var centre: (x: Double, y: Double) { (x + width / 2, y + height / 2) }

    /// The shortest distance from a point to the box; 0 inside it.
    func distance(from point: (x: Double, y: Double)) -> Double {
        let dx = max(x - point.x, 0, point.x - (x + width))
        let dy = max(y - point.y, 0, point.y - (y + height))
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Such as `(its box 20 by 16 px at 32, 300)`.
    var sentence: String {
        "(its box \(Self.pixels(width)) by \(Self.pixels(height)) px at \(Self.pixels(x)), \(Self.pixels(y)))"
    }

    static func pixels(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
