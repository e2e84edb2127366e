/// What a successful command returns as its `result`.
enum ATDriverResult: Sendable, Equatable, Encodable {
    /// `{}`, for the commands that only act.
    case empty
    case sessionNew(ATDriverSessionNewResult)
    /// `settings.getSettings`: `{"settings": [{"name", "value"}]}`.
    case settings([ATDriverSettingValue])
    /// `settings.getSupportedSettings`: each setting's name and value, as the specification has it, and the
    /// values it takes.
    case supportedSettings([ATDriverSetting])

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .empty: try ATDriverEmptyResult().encode(to: encoder)
        case let .sessionNew(result): try result.encode(to: encoder)
        case let .settings(values): try ATDriverSettingsResult(settings: values).encode(to: encoder)
        case let .supportedSettings(settings): try ATDriverSupportedSettingsResult(settings).encode(to: encoder)
        }
    }
}
