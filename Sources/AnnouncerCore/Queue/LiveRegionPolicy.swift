/// The configurable parts of the live-region rules.
public struct LiveRegionPolicy: Sendable, Hashable {
    /// The same text at the same politeness arriving within this time of an earlier one is not said again.
    public var duplicateWindow: Duration = .seconds(1)
    /// A polite announcement that has waited longer than this is not spoken.
    public var politeTimeToLive: Duration = .seconds(30)
    /// The most polite announcements that may wait; on overflow the oldest is dropped.
    public var maxWaitingPolite: Int = 1_000
    /// The most assertive announcements that may wait; beyond it a new one is refused with `dropped`,
    /// never an older one, and never silently.
    public var maxWaitingAssertive: Int = 10_000

    public init(
        duplicateWindow: Duration = .seconds(1),
        politeTimeToLive: Duration = .seconds(30),
        maxWaitingPolite: Int = 1_000,
        maxWaitingAssertive: Int = 10_000
    ) {
        self.duplicateWindow = duplicateWindow
        self.politeTimeToLive = politeTimeToLive
        self.maxWaitingPolite = max(1, maxWaitingPolite)
        self.maxWaitingAssertive = max(1, maxWaitingAssertive)
    }

    public static let standard = LiveRegionPolicy()
}
