/// How much one connection may ask of the shared queue: how fast it sends announcements, how many
/// of them may wait or speak at once, and how long each text may be. A limit that is nil is off.
public struct ClientLimits: Sendable, Equatable {
    /// A token bucket: `burst` announcements at once, then `perSecond` a second.
    public struct Rate: Sendable, Equatable {
        public var burst: Int
        public var perSecond: Int

        public init(burst: Int, perSecond: Int) {
            self.burst = burst
            self.perSecond = perSecond
        }
    }

    public var rate: Rate?
    /// Announcements of one client accepted and not yet ended.
    public var maxPending: Int?
    /// The longest announcement text, in bytes of UTF-8; the line limit is separate and frames requests.
    public var maxTextBytes: Int?

    public init(rate: Rate?, maxPending: Int?, maxTextBytes: Int?) {
        self.rate = rate
        self.maxPending = maxPending
        self.maxTextBytes = maxTextBytes
    }

    /// The defaults, for a screen-reader-like workload.
    ///
    /// Rate: X repeats a held key 25 times a second and a screen reader may say two things per key
    /// (the item and its state), so 50 a second is the most a person at a keyboard drives; a burst of
    /// 100 covers a build tool spilling lines, or a screen reader reading a page's regions at once.
    /// A client sending thousands a second gets 50 of them through.
    /// Pending: 200 waiting or speaking is minutes of speech, far more than anyone wants queued, and a
    /// fifth of the 1,000 polite places the queue keeps, so one client cannot fill the queue alone.
    /// Text: 8 KiB is about 1,300 words, several minutes of speech; a screen reader sends a line or
    /// a paragraph at a time.
    public static let standard = ClientLimits(rate: Rate(burst: 100, perSecond: 50), maxPending: 200, maxTextBytes: 8 * 1_024)
}
