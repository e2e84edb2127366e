/// The result of `settings.getSettings`: `{"settings": [{"name", "value"}]}`.
struct ATDriverSettingsResult: Codable, Sendable, Equatable {
    var settings: [ATDriverSettingValue]
}
