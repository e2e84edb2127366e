public import AnnouncerCore

/// Where `FlowChecker` speaks a flow's utterances, and how it learns when each was heard:
/// the running server or an engine in `announce`, or a stand-in in tests of the checker alone.
public protocol FlowSpeaker: AnyObject {
    /// Speaks the utterance now; returns its announcement id.
    func say(_ utterance: Utterance) throws -> String
    /// Stops an utterance that waits or speaks.
    func cancel(_ id: String)
    /// Waits until it is heard or has ended, at most `timeout`; nil if it was neither.
    func waitUntilHeardOrEnded(_ id: String, timeout: Duration) -> HeardTimes?
    /// Waits until every one has ended; false after `timeout`.
    func waitUntilEnded(_ ids: [String], timeout: Duration) -> Bool
}

/// When an utterance's first audio left for the sink, on the monotonic clock, and how it ended.
public struct HeardTimes: Sendable, Equatable {
    /// Microseconds on CLOCK_MONOTONIC, the clock of `MonotonicInstant`.
    public var firstAudio: UInt64?
    /// Its outcome once ended.
    public var outcome: Outcome.Kind?

    public init(firstAudio: UInt64?, outcome: Outcome.Kind?) {
        self.firstAudio = firstAudio
        self.outcome = outcome
    }
}
