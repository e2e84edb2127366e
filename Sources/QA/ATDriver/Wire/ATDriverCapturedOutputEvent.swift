/// The `interaction.capturedOutput` event: what the screen reader said as plain text in `data`, with announcer's
/// timing beside it in `announcer:timing` (vendor keys carry a colon, as the specification asks).
struct ATDriverCapturedOutputEvent: Codable, Sendable, Equatable {
    enum Method: String, Codable, Sendable { case capturedOutput = "interaction.capturedOutput" }

    struct Params: Codable, Sendable, Equatable {
        var data: String
        /// Left out when no time is known.
        var timing: Timing?

        private enum CodingKeys: String, CodingKey {
            case data
            case timing = "announcer:timing"
        }
    }

    /// Milliseconds on the backend's one monotonic clock; a time that is unknown is left out.
    struct Timing: Codable, Sendable, Equatable {
        var keySent: Double?
        var received: Double?
        var firstAudio: Double?
    }

    var method = Method.capturedOutput
    var params: Params

    init(_ output: ATDriverCapturedOutput) {
        // JSON has no infinity or NaN; such a time is as good as unknown.
        let finite = { (time: Double?) in time.flatMap { $0.isFinite ? $0 : nil } }
        let timing = Timing(keySent: finite(output.keySent), received: finite(output.received), firstAudio: finite(output.firstAudio))
        params = Params(data: output.text, timing: timing == Timing() ? nil : timing)
    }
}
