/// A setting's value as JSON carries it: a truth value, a number or a string.
public enum ATDriverValue: Sendable, Hashable, Codable, CustomStringConvertible {
    case bool(Bool)
    case number(Double)
    case string(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else {
            throw DecodingError.typeMismatch(ATDriverValue.self, .init(
                codingPath: decoder.codingPath, debugDescription: "a setting's value is a boolean, a number or a string"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .bool(value): try container.encode(value)
        // JSON has no infinity or NaN: such a number is written as null rather than failing the whole message.
        case let .number(value): if value.isFinite { try container.encode(value) } else { try container.encodeNil() }
        case let .string(value): try container.encode(value)
        }
    }

    /// The value as JSON writes it, for messages: `true`, `50`, `"some"`.
    public var description: String {
        switch self {
        case let .bool(value): value ? "true" : "false"
        case let .number(value): value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case let .string(value): "\"\(value)\""
        }
    }
}
