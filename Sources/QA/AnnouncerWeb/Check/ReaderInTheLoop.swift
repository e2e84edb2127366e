public import AnnouncerFlows

/// A real screen reader reading the page: the keys it is given are real key presses it hears, and what it
/// says is captured as its speech server received it. `WebChecker` checks a flow's `says` for it.
public protocol ReaderInTheLoop: AnyObject {
    /// Which reader it is.
    var reader: RealReader { get }
    /// Waits until the reader has finished speaking (ten seconds at most), as a listener waits before the
    /// next key, so a step's times do not include speech still queued from the one before.
    func settle()
    /// Presses a chord; returns when it was sent, in microseconds on the monotonic clock.
    func press(_ chord: KeyChord) throws(WebError) -> UInt64
    /// Types text; returns when its first key was sent.
    func type(_ text: String) throws(WebError) -> UInt64
    /// What it said since `keySent`, once it has been quiet a moment and all of it has sounded or ended;
    /// waits longer (a few seconds at most) while fewer than `expecting` utterances have come.
    func said(since keySent: UInt64, expecting: Int) -> [ReaderUtterance]
}
