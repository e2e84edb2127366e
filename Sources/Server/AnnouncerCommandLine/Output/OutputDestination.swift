/// Where a command's output and its messages for people go: the process's standard output and
/// error (`StandardOutputDestination`), or memory, for a test (AnnounceCommandTests' `CapturedOutput`).
public protocol OutputDestination: Sendable {
    /// Text for standard output, as it is.
    func writeOutput(_ text: String)
    /// Text for standard error, as it is.
    func writeError(_ text: String)
    /// Bytes for standard output, as they are (input passed through, a timeline, a reply to a program);
    /// false once they cannot be written. Unlike `writeOutput`, a reader that has gone away does not
    /// end the command: the caller decides what that means.
    func passOn(_ bytes: UnsafeRawBufferPointer) -> Bool
}

extension OutputDestination {
    /// `text` passed on as its UTF-8 bytes; false once it cannot be written.
    @discardableResult
    public func passOn(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { passOn(UnsafeRawBufferPointer($0)) }
    }
}
