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

    /// The defaults: refusal only for what no real client does. Fair sharing in the queue, not
    /// refusal, is what keeps one client from hurting others (see `LiveRegionPolicy`).
    ///
    /// Rate: key echo at typing speed is tens a second, a screen reader reading a page a few hundred at
    /// once, a client queueing a document 10,000 at once (as `announce bench` does), and the measured
    /// flood of 50,000 in a minute about 830 a second. A burst of 20,000, then 5,000 a second, lets all
    /// of them through and stops only a runaway loop, which would otherwise cost the server's CPU.
    /// Pending: 20,000 not yet ended is the client's 10,000 polite waiting places, its 1,000 assertive
    /// ones and room for those still on their way into the queue.
    /// Text: 8 KiB is about 1,300 words, several minutes of speech; a screen reader sends a line or
    /// a paragraph at a time.
    public static let standard = ClientLimits(rate: Rate(burst: 20_000, perSecond: 5_000), maxPending: 20_000, maxTextBytes: 8 * 1_024)
}
