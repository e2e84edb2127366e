/// The name of a JSON-lines request, as its `request` field gives it and its reply's `reply` echoes it.
public enum RequestName: String, Sendable, Hashable, CaseIterable, Codable {
    case speak, cancel, subscribe, unsubscribe, status, defaults, voices, pause, resume
    /// Not a request: the reply a connection is sent when the server cannot take it at all.
    case connect
}
