#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a `prosody` attribute does to the rate, pitch or volume: sets it, relative to the
/// announcement's, or scales the value in force, so nested `prosody` elements multiply.
enum ProsodyChange: Equatable {
    /// A named level (`slow`, `x-high`, `loud`, `default`), an absolute pitch in Hz or a volume from 0 to 100.
    case set(Double)
    /// A percentage, a change in semitones, Hz or decibels, or a plain multiplier.
    case scale(Double)

    /// Rate and pitch stay between a quarter and four times the announcement's.
    static let rateAndPitchRange = 0.25...4.0
    /// Volume goes from silence to four times the announcement's.
    static let volumeRange = 0.0...4.0

    /// The value after this change, kept within `range`.
    func applied(to current: Double, within range: ClosedRange<Double>) -> Double {
        let value = switch self {
        case let .set(value): value
        case let .scale(factor): current * factor
        }
        return min(max(value, range.lowerBound), range.upperBound)
    }

    /// `x-slow` 0.5, `slow` 0.75, `medium` and `default` 1, `fast` 1.5, `x-fast` 2; "150%", "+20%",
    /// "-10%"; a plain number such as "1.5" multiplies.
    static func rate(_ value: String) -> ProsodyChange? {
        let value = String(value.trimmed).lowercased()
        switch value {
        case "x-slow": return .set(0.5)
        case "slow": return .set(0.75)
        case "medium", "default": return .set(1)
        case "fast": return .set(1.5)
        case "x-fast": return .set(2)
        default: return percentage(value) ?? unsigned(value).map(ProsodyChange.scale)
        }
    }

    /// `x-low` 0.7, `low` 0.85, `medium` and `default` 1, `high` 1.15, `x-high` 1.3; "+10%", "-5%";
    /// "+2st" in semitones; "+20Hz" and "-20Hz" against a nominal 100 Hz voice; "200Hz" as a ratio to 100 Hz.
    static func pitch(_ value: String) -> ProsodyChange? {
        let value = String(value.trimmed).lowercased()
        switch value {
        case "x-low": return .set(0.7)
        case "low": return .set(0.85)
        case "medium", "default": return .set(1)
        case "high": return .set(1.15)
        case "x-high": return .set(1.3)
        default: break
        }
        if let semitones = number(value, unit: "st") { return finite(pow(2, semitones / 12)).map(ProsodyChange.scale) }
        if value.hasSuffix("hz") {
            let amount = value.dropLast(2)
            if let absolute = unsigned(amount) { return .set(absolute / 100) }
            if let change = number(amount, unit: "") { return .scale((100 + change) / 100) }
            return nil
        }
        return percentage(value)
    }

    /// `silent` 0, `x-soft` 0.25, `soft` 0.5, `medium` and `default` 1, `loud` 1.5, `x-loud` 2; "+6dB"
    /// and "-6dB" in decibels; "50%"; a plain number from 0 to 100 as hundredths of the announcement's volume.
    static func volume(_ value: String) -> ProsodyChange? {
        let value = String(value.trimmed).lowercased()
        switch value {
        case "silent": return .set(0)
        case "x-soft": return .set(0.25)
        case "soft": return .set(0.5)
        case "medium", "default": return .set(1)
        case "loud": return .set(1.5)
        case "x-loud": return .set(2)
        default: break
        }
        if let decibels = number(value, unit: "db") { return finite(pow(10, decibels / 20)).map(ProsodyChange.scale) }
        return percentage(value) ?? unsigned(value).map { .set($0 / 100) }
    }

    /// "150%" scales by 1.5; "+20%" by 1.2 and "-10%" by 0.9.
    private static func percentage(_ value: String) -> ProsodyChange? {
        guard let amount = number(value, unit: "%") else { return nil }
        let signed = value.first == "+" || value.first == "-"
        return .scale(signed ? (100 + amount) / 100 : amount / 100)
    }

    /// The number before `unit`, signed or not.
    private static func number(_ value: some StringProtocol, unit: String) -> Double? {
        guard value.hasSuffix(unit) else { return nil }
        return Double(String(value.dropLast(unit.count).trimmed)).flatMap(finite)
    }

    /// A number written without a sign.
    private static func unsigned(_ value: some StringProtocol) -> Double? {
        guard let first = value.first, first != "+", first != "-" else { return nil }
        return number(value, unit: "").flatMap { $0 >= 0 ? $0 : nil }
    }

    private static func finite(_ value: Double) -> Double? { value.isFinite ? value : nil }
}
