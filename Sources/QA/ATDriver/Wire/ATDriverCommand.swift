/// A command read from the wire, with its parameters checked.
enum ATDriverCommand: Sendable, Equatable {
    case newSession(ATDriverCapabilitiesRequest)
    case endSession
    case getSupportedSettings
    /// The settings named, in that order; all of them when no names are given.
    case getSettings(names: [String])
    case setSettings([ATDriverSettingValue])
    /// One chord of WebDriver keys, each one character.
    case pressKeys([String])
    /// `interaction.userIntent` with an intent other than `pressKeys`: refused only after the session check,
    /// as the specification orders it.
    case unknownUserIntent(String)
    case openPage(url: String)

    /// Whether the command may run on a connection without a session: only `session.new`, the specification's one static command.
    var isStatic: Bool {
        if case .newSession = self { true } else { false }
    }
}
