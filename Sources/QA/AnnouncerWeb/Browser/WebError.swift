/// What can go wrong with the browser or a page, each as one plain sentence.
public enum WebError: Error, Sendable, CustomStringConvertible {
    case chromiumMissing
    case chromiumFailedToStart(String)
    case browserEnded
    case refused(method: String, message: String)
    case timedOut(method: String)
    case pageNotLoaded(url: String, error: String)
    case pageScript(String)
    /// The real screen reader in the loop, or its desktop, failed; the sentence says how.
    case screenReader(String)

    public var description: String {
        switch self {
        case .chromiumMissing:
            "Chromium is not installed; install Debian's chromium package (sudo apt-get install chromium), or name another with ANNOUNCER_CHROMIUM."
        case let .chromiumFailedToStart(reason): "Chromium could not be started: \(reason)."
        case .browserEnded: "Chromium ended while announce was talking to it."
        case let .refused(method, message): "Chromium refused \(method): \(message)."
        case let .timedOut(method): "Chromium did not answer \(method) in time."
        case let .pageNotLoaded(url, error): "The page \(url) could not be loaded: Chromium says \(error)."
        case let .pageScript(message): "A script in the page failed: \(message)."
        case let .screenReader(sentence): sentence
        }
    }
}
