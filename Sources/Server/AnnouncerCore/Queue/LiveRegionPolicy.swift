/// The configurable parts of the live-region rules.
public struct LiveRegionPolicy: Sendable, Hashable {
    /// The same text at the same politeness arriving within this time of an earlier one is not said again.
    public var duplicateWindow: Duration = .seconds(1)
    /// A polite announcement that has waited longer than this is not spoken.
    public var politeTimeToLive: Duration = .seconds(30)
    /// How long an assertive announcement may wait for an audio device that stopped working. It never
    /// expires in the queue, where it goes first; this bounds only a wait for the device to come back.
    public var assertiveTimeToLive: Duration = .seconds(10)
    /// The most polite announcements that may wait in all; on overflow the oldest of the program with
    /// the most waiting is dropped. 20,000 is two programs at their own bound, about 8 MB.
    public var maxWaitingPolite: Int = 20_000
    /// The most polite announcements one program (one share, however many clients it has) may have
    /// waiting; on overflow the oldest of its client with the most waiting is dropped. 10,000 covers a
    /// client that queues a whole document or a build's log at once.
    public var maxWaitingPolitePerClient: Int = 10_000
    /// The most assertive announcements that may wait in all, counting only those of clients that are
    /// connected and not paused; beyond it a new one is refused with `dropped`, never an older one,
    /// and never silently.
    public var maxWaitingAssertive: Int = 10_000
    /// The most assertive announcements one program may have waiting, refused beyond it like the total,
    /// so one program's flood of errors leaves room for everyone else's.
    public var maxWaitingAssertivePerClient: Int = 1_000
    /// How long another client's assertive announcement waits behind a speaking assertive one before it
    /// cuts it, so one long error text cannot hold the voice against everyone. nil: assertive never cuts assertive.
    public var assertiveHoldLimit: Duration? = .seconds(5)
    /// How fast one program may send assertive announcements; while it sends faster, they are spoken as
    /// polite (see `AssertiveAllowance`). nil: no bound.
    public var assertiveRate: AssertiveRate? = .standard

    public init(
        duplicateWindow: Duration = .seconds(1),
        politeTimeToLive: Duration = .seconds(30),
        assertiveTimeToLive: Duration = .seconds(10),
        maxWaitingPolite: Int = 20_000,
        maxWaitingPolitePerClient: Int = 10_000,
        maxWaitingAssertive: Int = 10_000,
        maxWaitingAssertivePerClient: Int = 1_000,
        assertiveHoldLimit: Duration? = .seconds(5),
        assertiveRate: AssertiveRate? = .standard
    ) {
        self.duplicateWindow = duplicateWindow
        self.politeTimeToLive = politeTimeToLive
        self.assertiveTimeToLive = assertiveTimeToLive
        self.maxWaitingPolite = max(1, maxWaitingPolite)
        self.maxWaitingPolitePerClient = max(1, maxWaitingPolitePerClient)
        self.maxWaitingAssertive = max(1, maxWaitingAssertive)
        self.maxWaitingAssertivePerClient = max(1, maxWaitingAssertivePerClient)
        self.assertiveHoldLimit = assertiveHoldLimit
        self.assertiveRate = assertiveRate
    }

    public static let standard = LiveRegionPolicy()

    /// How long `politeness` may wait to be heard: polite ones in the queue and for the device,
    /// assertive ones for the device only.
    public func timeToLive(_ politeness: Politeness) -> Duration? {
        switch politeness {
        case .polite: politeTimeToLive
        case .assertive: assertiveTimeToLive
        case .off: nil
        }
    }
}
