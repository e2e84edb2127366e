/// The lines announcerd sends its ducker, one a change: speech began, or the last speech ended.
public enum SpeakingLine: String, Sendable {
    case speaking
    case quiet

    /// The line as sent, newline included.
    public var line: String { rawValue + "\n" }
}
