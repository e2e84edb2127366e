/// A setting's name with a value: what `settings.setSettings` asks for and `settings.getSettings` answers.
public struct ATDriverSettingValue: Sendable, Hashable, Codable {
    public var name: String
    public var value: ATDriverValue

    public init(name: String, value: ATDriverValue) {
        self.name = name
        self.value = value
    }
}
