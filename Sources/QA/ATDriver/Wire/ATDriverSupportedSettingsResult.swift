/// The result of `settings.getSupportedSettings`: the specification's `{"settings": [{"name", "value"}]}`, with
/// each item also saying what values it takes, in JSON Schema's words: `{"type": "boolean"}`,
/// `{"type": "number", "minimum": 0, "maximum": 100}` or `{"type": "string", "enum": [...]}`.
struct ATDriverSupportedSettingsResult: Codable, Sendable, Equatable {
    struct Item: Codable, Sendable, Equatable {
        var name: String
        var value: ATDriverValue
        var values: Values
    }

    /// The values a setting takes, as JSON Schema describes them.
    struct Values: Codable, Sendable, Equatable {
        enum Kind: String, Codable, Sendable { case boolean, number, string }

        var type: Kind
        var minimum: Double?
        var maximum: Double?
        var choices: [String]?

        private enum CodingKeys: String, CodingKey {
            case type, minimum, maximum
            case choices = "enum"
        }

        init(_ values: ATDriverSetting.Values) {
            switch values {
            case .boolean: type = .boolean
            case let .number(minimum, maximum): (type, self.minimum, self.maximum) = (.number, minimum, maximum)
            case let .oneOf(choices): (type, self.choices) = (.string, choices)
            }
        }
    }

    var settings: [Item]

    init(_ settings: [ATDriverSetting]) {
        self.settings = settings.map { Item(name: $0.name, value: $0.value, values: Values($0.values)) }
    }
}
