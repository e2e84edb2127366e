/// Which of the per-client limits refused an announcement; its raw value names it in `status`.
public enum ClientRefusal: String, Sendable, Hashable, CaseIterable {
    /// The client sent faster than its token bucket allows.
    case rate
    /// The client already has as many announcements waiting or speaking as it may.
    case pending
    /// The text is longer than the limit.
    case textLength = "text_length"

    /// Rate and pending refusals throttle a client; a text too long is a bad request, not throttling.
    public var throttles: Bool { self != .textLength }

    /// What the client did, as a clause after "the client" or "it": the log line and the reply share it.
    func clause(limits: ClientLimits) -> String {
        switch self {
        case .rate: "sent more than \(limits.rate?.burst ?? 0) announcements at once, faster than \(limits.rate?.perSecond ?? 0) a second"
        case .pending: "already has \(limits.maxPending ?? 0) announcements waiting or speaking"
        case .textLength: "sent a text longer than \(limits.maxTextBytes ?? 0) bytes"
        }
    }
}
