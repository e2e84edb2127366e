public import AnnouncerFlows

/// A real screen reader reading the page: the keys it is given are real key presses it hears, and what it
/// says is captured as its speech server received it. `WebChecker` checks a flow's `says` for it.
public protocol ReaderInTheLoop: AnyObject {
    /// Which reader it is.
    var reader: RealReader { get }
    /// Presses a chord once the reader has finished speaking, as a listener waits; returns when it was
    /// sent, in microseconds on the monotonic clock.
    func press(_ chord: KeyChord) throws(WebError) -> UInt64
    /// Types text; returns when its first key was sent.
    func type(_ text: String) throws(WebError) -> UInt64
    /// What it said since `keySent`, once it has been quiet a moment and all of it has sounded or ended;
    /// waits longer (a few seconds at most) while fewer than `expecting` utterances have come.
    func said(since keySent: UInt64, expecting: Int) -> [ReaderUtterance]
    /// Gives the page the keyboard focus again, on the element that has it, after announce moved focus about
    /// (reading the Tab order), which can leave it on the browser's own controls.
    func regainFocus(on page: WebPage) throws(WebError)
}
