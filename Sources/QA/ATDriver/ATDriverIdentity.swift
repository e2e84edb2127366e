/// Which screen reader a backend drives, on which platform and X display: what `session.new` matches and reports.
public struct ATDriverIdentity: Sendable, Hashable {
    /// The screen reader's name, such as "Orca"; sessions report it in lower case, as the specification asks.
    public var atName: String
    /// The screen reader's version, such as "46.1".
    public var atVersion: String
    /// The platform's name in lower case: "linux".
    public var platformName: String
    /// The X display the screen reader runs on, such as ":99", reported as the `announcer:display` capability.
    public var display: String

    public init(atName: String, atVersion: String, platformName: String = "linux", display: String) {
        self.atName = atName
        self.atVersion = atVersion
        self.platformName = platformName
        self.display = display
    }
}
