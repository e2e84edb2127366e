/// Why a step could not be carried out, as values, so a report can say it in the flow's language:
/// the flow's own session refused it, or the browser of a real page failed.
public enum StepFault: Sendable, Equatable {
    case flow(FlowError)
    /// Chromium is missing or could not be started.
    case browserUnavailable
    /// Chromium ended while announce was talking to it.
    case browserEnded
    /// Chromium refused a DevTools method; `message` is Chromium's own.
    case browserRefused(method: String, message: String)
    case browserTimedOut(method: String)
    /// The page could not be loaded; `message` is Chromium's own.
    case pageNotLoaded(url: String, message: String)
    /// A script in the page failed; `message` is the page's own.
    case pageScript(String)
    /// The real screen reader in the loop, or its desktop, failed.
    case screenReader
}
