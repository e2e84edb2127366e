/// Where `announce pipe` speaks its lines: the server, or an engine in this process.
protocol PipeSpeaker: AnyObject {
    /// The longest text, in UTF-8 bytes, that it accepts in one announcement.
    var textLimit: Int { get }
    /// Speaks one line; false when it was refused (the reason is already on standard error).
    func speak(_ line: PipeLine) throws(PipeServerGone) -> Bool
    /// Waits until every line has ended; returns how many never did, because the server went away.
    func finish() -> Int
}
