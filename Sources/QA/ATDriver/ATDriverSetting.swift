/// One setting a backend supports: its name, its current value, and the values it takes.
public struct ATDriverSetting: Sendable, Hashable {
    /// The values a setting takes, as `settings.getSupportedSettings` describes them.
    public enum Values: Sendable, Hashable {
        /// `true` or `false`.
        case boolean
        /// A number from `minimum` to `maximum`, both included.
        case number(minimum: Double, maximum: Double)
        /// One of these strings, such as a punctuation level.
        case oneOf([String])
    }

    public var name: String
    public var value: ATDriverValue
    public var values: Values

    public init(name: String, value: ATDriverValue, values: Values) {
        self.name = name
        self.value = value
        self.values = values
    }

    /// Whether `candidate` is one of the values this setting takes.
    public func accepts(_ candidate: ATDriverValue) -> Bool {
        switch (values, candidate) {
        case (.boolean, .bool): true
        case let (.number(minimum, maximum), .number(number)): number >= minimum && number <= maximum
        case let (.oneOf(choices), .string(text)): choices.contains(text)
        default: false
        }
    }
}
