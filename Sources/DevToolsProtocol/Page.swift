/// The `Page` domain: load a page and learn when it has loaded.
public enum Page {
    /// Sends the page's events, `Page.loadEventFired` among them.
    public struct Enable: DevToolsCommand {
        public static let method = "Page.enable"
        public init() {}
        public typealias Response = NoResponse
    }

    /// Loads `url`; `errorText` says why it could not be, such as `net::ERR_FILE_NOT_FOUND`.
    public struct Navigate: DevToolsCommand {
        public static let method = "Page.navigate"
        public var url: String
        public init(url: String) { self.url = url }
        public struct Response: Decodable, Sendable {
            public var frameId: String
            public var errorText: String?
        }
    }

    /// The page's load event.
    public struct LoadEventFired: DevToolsEvent {
        public static let method = "Page.loadEventFired"
        public var timestamp: Double
    }
}
