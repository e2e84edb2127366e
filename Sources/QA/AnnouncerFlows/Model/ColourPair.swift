import Foundation

/// An element's text colour on its background, for the contrast check; `large` text needs 3:1, other text 4.5:1.
public struct ColourPair: Sendable, Hashable {
    public var text: RGBColour
    public var background: RGBColour
    /// WCAG's large text: at least 18 point, or 14 point bold.
    public var large: Bool

    public init(text: RGBColour, background: RGBColour, large: Bool = false) {
        self.text = text
        self.background = background
        self.large = large
    }

    /// The WCAG 2.2 contrast ratio, from 1 to 21.
    public var contrastRatio: Double { text.contrastRatio(with: background) }

    /// 4.5 for normal text, 3 for large text (WCAG 2.2 success criterion 1.4.3, level AA).
    public var requiredRatio: Double { large ? 3 : 4.5 }
}

/// A colour written `#RRGGBB` (or `#RGB`), in sRGB.
public struct RGBColour: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Reads `#0B5CAD`, `0B5CAD` or `#FFF`; nil for anything else.
    public init?(hex: String) {
        var digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        red = UInt8(value >> 16 & 0xFF)
        green = UInt8(value >> 8 & 0xFF)
        blue = UInt8(value & 0xFF)
    }

    public var description: String {
        "#" + [red, green, blue].map { byte in
            let text = String(byte, radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }.joined()
    }

    /// WCAG 2.2's relative luminance: each sRGB channel linearised, weighted 0.2126, 0.7152, 0.0722.
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055).power(2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// (lighter + 0.05) / (darker + 0.05).
    public func contrastRatio(with other: RGBColour) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

private extension Double {
    func power(_ exponent: Double) -> Double { Foundation.pow(self, exponent) }
}
