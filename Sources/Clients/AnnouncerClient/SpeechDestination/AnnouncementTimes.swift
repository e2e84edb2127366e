public import AnnouncerCore

/// The moments of one announcement's life that latency figures are made from, in microseconds.
public struct AnnouncementTimes: Sendable, Equatable {
    public var received: UInt64?
    public var firstAudio: UInt64?
    public var audible: UInt64?
    public var sent: UInt64?
    public var politeness: Politeness?
    /// The outcome, once it ended.
    public var outcome: Outcome.Kind?
    /// When it ended, on the same clock.
    public var ended: UInt64?

    public init() {}

    mutating func apply(_ event: AnnouncementEvent) {
        if sent == nil { sent = event.sent }
        if politeness == nil { politeness = event.politeness }
        switch event.stage {
        case .received: received = event.time
        case .firstAudio: if firstAudio == nil { firstAudio = event.time }
        case .audible: if audible == nil { audible = event.time }
        // An ended line always names its outcome; one that did not would be a failure to account for.
        case .ended:
            outcome = event.outcome ?? .failed
            ended = event.time
        case .queued, .started, .mark, .paused, .resumed, .warning: break
        }
    }

    /// Whether its first audio has been estimated to reach the listener, or it ended without.
    var isHeardOrEnded: Bool { audible != nil || outcome != nil }

    /// From arrival to first audio, when both are known.
    public var arrivalToFirstAudio: UInt64? { Self.span(received, firstAudio) }
    /// From arrival to audible, when both are known.
    public var arrivalToAudible: UInt64? { Self.span(received, audible) }
    /// From the client's send stamp to audible, when both are known.
    public var sentToAudible: UInt64? { Self.span(sent, audible) }

    private static func span(_ start: UInt64?, _ end: UInt64?) -> UInt64? {
        guard let start, let end else { return nil }
        return end >= start ? end - start : 0
    }
}
