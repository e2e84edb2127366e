import AnnouncerCore

/// One piece of a line of `announce pipe`'s input, ready to speak: its text within the length limit,
/// its politeness and region, and the number of the input line it came from.
struct PipeLine: Sendable {
    var number: Int
    var text: String
    var politeness: Politeness
    /// The region to send, as `SpeechOptions` takes it: nil for --region's, `.some(nil)` for none.
    var region: String??
    /// True when the pipe's waiting polite lines are stale after this one.
    var makesStale: Bool
}

/// What stopped a pipe's speaker: the server it spoke through went away.
struct PipeServerGone: Error {
    /// How many lines sent to it had not ended.
    var unended: Int
}
