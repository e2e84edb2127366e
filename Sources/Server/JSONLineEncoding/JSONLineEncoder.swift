/// Encodes a wire value as one compact line of JSON, keeping object keys in the order they were encoded
/// so that a line reads well by eye and aloud: time, id and event first, then the details.
///
/// Foundation's `JSONEncoder` orders keys by hash. Every field a type encodes is written, and an
/// optional without a value is written as `null` (as the protocol documents), unless the type leaves
/// the key out itself. `Milliseconds` and `ThreeDecimals` are written with exactly three decimals.
public struct JSONLineEncoder: Sendable {
    public init() {}

    /// The value as one line of JSON, without the newline.
    public func encode(_ value: some Encodable) throws -> String {
        let root = Node()
        try Self.encode(value, into: root, codingPath: [])
        var out = ""
        root.write(to: &out)
        return out
    }

    static func encode<Value: Encodable>(_ value: Value, into node: Node, codingPath: [any CodingKey]) throws {
        // Metatype comparisons, not dynamic casts: this runs for every field of every event line.
        if Value.self == String.self {
            node.set(literal: literal(unsafeBitCast(value, to: String.self)))
        } else if Value.self == Milliseconds.self {
            node.set(literal: unsafeBitCast(value, to: Milliseconds.self).jsonText)
        } else if Value.self == ThreeDecimals.self {
            node.set(literal: unsafeBitCast(value, to: ThreeDecimals.self).jsonText)
        } else {
            try value.encode(to: LineEncoder(node: node, codingPath: codingPath))
        }
    }

    static func literal(_ value: Bool) -> String { value ? "true" : "false" }
    static func literal(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
    static func literal(_ value: Float) -> String { literal(Double(value)) }
    static func literal(_ value: Int) -> String { String(value) }
    static func literal(_ value: Int8) -> String { String(value) }
    static func literal(_ value: Int16) -> String { String(value) }
    static func literal(_ value: Int32) -> String { String(value) }
    static func literal(_ value: Int64) -> String { String(value) }
    static func literal(_ value: UInt) -> String { String(value) }
    static func literal(_ value: UInt8) -> String { String(value) }
    static func literal(_ value: UInt16) -> String { String(value) }
    static func literal(_ value: UInt32) -> String { String(value) }
    static func literal(_ value: UInt64) -> String { String(value) }

    /// A string as JSON text: quotes, backslashes and control characters escaped, the rest as it is.
    static func literal(_ text: String) -> String {
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

/// One value of the line being built; containers fill it in place, so no field is copied twice.
final class Node {
    enum Kind {
        case empty
        case literal(String)
        case object
        case array
    }

    private(set) var kind = Kind.empty
    private var fields: [(key: String, node: Node)] = []
    private var items: [Node] = []

    /// Makes this node a literal value, such as `"text"`, `12.500` or `null`.
    func set(literal text: String) { kind = .literal(text) }

    /// Makes this node an object, keeping any fields it has.
    func becomeObject() {
        if case .object = kind { return }
        kind = .object
        fields = []
    }

    /// Makes this node a list, keeping any items it has.
    func becomeArray() {
        if case .array = kind { return }
        kind = .array
        items = []
    }

    var itemCount: Int { items.count }

    func write(to out: inout String) {
        switch kind {
        case .empty: out += "{}"
        case let .literal(text): out += text
        case .object:
            out += "{"
            for (index, field) in fields.enumerated() {
                if index > 0 { out += "," }
                out += JSONLineEncoder.literal(field.key)
                out += ":"
                field.node.write(to: &out)
            }
            out += "}"
        case .array:
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        }
    }

    /// The node for `key`, made when missing; a key encoded again keeps its first place.
    func field(_ key: String) -> Node {
        becomeObject()
        if let found = fields.first(where: { $0.key == key }) { return found.node }
        let node = Node()
        fields.append((key, node))
        return node
    }

    func appendItem() -> Node {
        becomeArray()
        let node = Node()
        items.append(node)
        return node
    }
}

private struct LineEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(node: node, codingPath: codingPath)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    private func child(_ key: Key) -> Node { node.field(key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { child(key).set(literal: "null") }
    mutating func encode(_ value: Bool, forKey key: Key) throws { child(key).set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { child(key).set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { child(key).set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { child(key).set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { child(key).set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { child(key).set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { child(key).set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { child(key).set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { child(key).set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { child(key).set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { child(key).set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { child(key).set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { child(key).set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { child(key).set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try JSONLineEncoder.encode(value, into: child(key), codingPath: codingPath + [key])
    }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { child(key).set(literal: value.map(JSONLineEncoder.literal) ?? "null") }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { child(key).set(literal: value.map(JSONLineEncoder.literal) ?? "null") }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { child(key).set(literal: value.map(JSONLineEncoder.literal) ?? "null") }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { child(key).set(literal: value.map(JSONLineEncoder.literal) ?? "null") }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { child(key).set(literal: value.map(JSONLineEncoder.literal) ?? "null") }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { child(key).set(literal: value.map(JSONLineEncoder.literal) ?? "null") }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { child(key).set(literal: value.map(JSONLineEncoder.literal) ?? "null") }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { child(key).set(literal: value.map(JSONLineEncoder.literal) ?? "null") }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { child(key).set(literal: value.map(JSONLineEncoder.literal) ?? "null") }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { child(key).set(literal: value.map(JSONLineEncoder.literal) ?? "null") }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { child(key).set(literal: value.map(JSONLineEncoder.literal) ?? "null") }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { child(key).set(literal: value.map(JSONLineEncoder.literal) ?? "null") }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { child(key).set(literal: value.map(JSONLineEncoder.literal) ?? "null") }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { child(key).set(literal: value.map(JSONLineEncoder.literal) ?? "null") }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard let value else { return try encodeNil(forKey: key) }
        try encode(value, forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        LineEncoder(node: child(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        LineEncoder(node: child(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { LineEncoder(node: node, codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { LineEncoder(node: child(key), codingPath: codingPath + [key]) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var count: Int { node.itemCount }

    private func append() -> Node { node.appendItem() }

    mutating func encodeNil() throws { append().set(literal: "null") }
    mutating func encode(_ value: Bool) throws { append().set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: String) throws { append().set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: Double) throws { append().set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: Float) throws { append().set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: Int) throws { append().set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: Int8) throws { append().set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: Int16) throws { append().set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: Int32) throws { append().set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: Int64) throws { append().set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: UInt) throws { append().set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: UInt8) throws { append().set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: UInt16) throws { append().set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: UInt32) throws { append().set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: UInt64) throws { append().set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try JSONLineEncoder.encode(value, into: append(), codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        LineEncoder(node: append(), codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        LineEncoder(node: append(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { LineEncoder(node: append(), codingPath: codingPath) }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.set(literal: "null") }
    mutating func encode(_ value: Bool) throws { node.set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: String) throws { node.set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: Double) throws { node.set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: Float) throws { node.set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: Int) throws { node.set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: Int8) throws { node.set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: Int16) throws { node.set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: Int32) throws { node.set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: Int64) throws { node.set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: UInt) throws { node.set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: UInt8) throws { node.set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: UInt16) throws { node.set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: UInt32) throws { node.set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode(_ value: UInt64) throws { node.set(literal: JSONLineEncoder.literal(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try JSONLineEncoder.encode(value, into: node, codingPath: codingPath)
    }
}
