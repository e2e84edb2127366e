/// The few JSON values the timeline and the protocol replies write, each encoded as JSON text.
public enum JSONFragment: Sendable, Hashable {
    case string(String)
    case milliseconds(UInt64)
    case null
    case bool(Bool)
    case integer(Int)
    /// Already-encoded JSON, such as a nested object.
    case raw(String)

    /// An object with its keys in the order given, so replies read well line by line.
    public static func object(_ fields: [(String, JSONFragment)]) -> JSONFragment {
        .raw("{" + fields.map { "\(JSONFragment.string($0.0).encoded):\($0.1.encoded)" }.joined(separator: ",") + "}")
    }

    /// A list of values, in the order given.
    public static func array(_ items: [JSONFragment]) -> JSONFragment {
        .raw("[" + items.map(\.encoded).joined(separator: ",") + "]")
    }

    /// The value as JSON text.
    public var encoded: String {
        switch self {
        case .null:
            return "null"
        case let .bool(value):
            return value ? "true" : "false"
        case let .integer(value):
            return String(value)
        case let .raw(text):
            return text
        case let .milliseconds(microseconds):
            // Microsecond resolution, written as milliseconds with three decimals.
            let fraction = String(microseconds % 1_000)
            return "\(microseconds / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
        case let .string(text):
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
    }
}
