/// The commands this server serves, by the names the wire gives them.
enum ATDriverMethod: String, Sendable, CaseIterable {
    case sessionNew = "session.new"
    /// Not in the specification yet, which ends a session only with its connection; served for clients that end it first.
    case sessionEnd = "session.end"
    case settingsGetSupportedSettings = "settings.getSupportedSettings"
    case settingsGetSettings = "settings.getSettings"
    case settingsSetSettings = "settings.setSettings"
    case interactionUserIntent = "interaction.userIntent"
    /// The form before `interaction.userIntent`, which the ARIA-AT harness still sends.
    case interactionPressKeys = "interaction.pressKeys"
    /// announcer's own: opens a page in the desktop's browser and answers once it has loaded.
    case pageOpen = "announcer:page.open"
}
