/// A command's work for the backend, which `ATDriverCommandRunner` does on its queue.
enum ATDriverBackendCall: Sendable, Equatable {
    case pressKeys([String])
    case openPage(String)
    case supportedSettings
    /// The settings named, or all when none are.
    case settings(names: [String])
    case apply([ATDriverSettingValue])
}
