@testable import ATDriver
import NIOHTTP1
import Testing

/// Which path an upgrade request asks for, as the server decides whether it is `/session`.
@Suite("AT Driver resource path")
struct HTTPRequestHeadResourcePathTests {
    /// Should read /session out of a URI with a query or fragment, or in absolute form, and nothing longer as it.
    @Test("The path leaves out the query, the fragment, and an absolute URI's scheme and host", arguments: [
        ("/session", "/session"), ("/session?token=1", "/session"), ("/session#top", "/session"),
        ("http://127.0.0.1:4382/session", "/session"), ("http://127.0.0.1:4382", "/"), ("/sessions", "/sessions"),
    ])
    func resourcePath(uri: String, path: String) {
        #expect(HTTPRequestHead(version: .http1_1, method: .GET, uri: uri).resourcePath == path)
    }
}
