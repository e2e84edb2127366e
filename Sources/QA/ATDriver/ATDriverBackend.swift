/// What an AT Driver session drives: a real screen reader, its keyboard and its captured speech.
///
/// The server calls these on one serial queue of its own, never on its event loop, one call at a time; the
/// `deliver` given to `startCapturing` may be called on any thread.
public protocol ATDriverBackend: AnyObject, Sendable {
    /// The screen reader's name and version, the platform ("linux"), and the X display it runs on (such as ":99").
    var identity: ATDriverIdentity { get }
    /// The settings this backend supports, with their current values.
    func supportedSettings() -> [ATDriverSetting]
    /// Changes settings (all or none); throws ATDriverFailure.invalidArgument for an unknown name or a bad value.
    /// The server has already checked each name and value against `supportedSettings()`.
    func apply(_ settings: [ATDriverSettingValue]) throws(ATDriverFailure)
    /// Presses the keys, given as WebDriver key strings (each element one key: a character, or a WebDriver code point such as "\u{E004}" for Tab), as one chord: all pressed in order, released in reverse. Blocks until sent.
    func pressKeys(_ keys: [String]) throws(ATDriverFailure)
    /// Opens a page in the desktop's browser and waits for it to load.
    func openPage(_ url: String) throws(ATDriverFailure)
    /// From now on, calls `deliver` with every utterance the screen reader speaks, on any thread, until stopCapturing.
    func startCapturing(_ deliver: @escaping @Sendable (ATDriverCapturedOutput) -> Void)
    /// Stops the calls to the `deliver` given to `startCapturing`.
    func stopCapturing()
}
