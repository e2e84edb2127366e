/// Any JSON value, for the fields the protocol leaves open, such as an accessibility value.
public enum JSONValue: Codable, Sendable, Hashable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([JSONValue])
    case object([String: JSONValue])
    case null

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .string(value): try container.encode(value)
        case let .number(value): try container.encode(value)
        case let .bool(value): try container.encode(value)
        case let .array(value): try container.encode(value)
        case let .object(value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }

    /// The value as text: a string as it is, a number or a truth value written out.
    public var text: String? {
        switch self {
        case let .string(value): value
        case let .number(value): value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case let .bool(value): value ? "true" : "false"
        default: nil
        }
    }

    public var bool: Bool? {
        switch self {
        case let .bool(value): value
        case let .string(value): value == "true" ? true : value == "false" ? false : nil
        default: nil
        }
    }

    public var array: [JSONValue]? { if case let .array(value) = self { value } else { nil } }
    public subscript(key: String) -> JSONValue? { if case let .object(value) = self { value[key] } else { nil } }
}
