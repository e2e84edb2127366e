/// The `Target` and `Browser` domains: open a page and talk to it.
public enum Target {
    /// Opens a page at `url`.
    public struct CreateTarget: DevToolsCommand {
        public static let method = "Target.createTarget"
        public var url: String
        public init(url: String) { self.url = url }
        public struct Response: Decodable, Sendable { public var targetId: String }
    }

    /// Attaches to a page, giving the session its commands are sent in.
    public struct AttachToTarget: DevToolsCommand {
        public static let method = "Target.attachToTarget"
        public var targetId: String
        public var flatten = true
        public init(targetId: String) { self.targetId = targetId }
        public struct Response: Decodable, Sendable { public var sessionId: String }
    }

    /// Closes a page.
    public struct CloseTarget: DevToolsCommand {
        public static let method = "Target.closeTarget"
        public var targetId: String
        public init(targetId: String) { self.targetId = targetId }
        public typealias Response = NoResponse
    }

    /// Closes the browser.
    public struct CloseBrowser: DevToolsCommand {
        public static let method = "Browser.close"
        public init() {}
        public typealias Response = NoResponse
    }

    /// The browser's targets: its pages (tabs) and workers.
    public struct GetTargets: DevToolsCommand {
        public static let method = "Target.getTargets"
        public init() {}
        public struct Response: Decodable, Sendable {
            public var targetInfos: [TargetInfo]
        }
    }

    /// One target, as `GetTargets` lists it.
    public struct TargetInfo: Decodable, Sendable {
        public var targetId: String
        /// `page` for a tab.
        public var type: String
        public var url: String
    }

    /// Brings a page to the front of its window.
    public struct ActivateTarget: DevToolsCommand {
        public static let method = "Target.activateTarget"
        public var targetId: String
        public init(targetId: String) { self.targetId = targetId }
        public typealias Response = NoResponse
    }

    /// The browser's product and version, such as `HeadlessChrome/156.0.8078.108`.
    public struct GetVersion: DevToolsCommand {
        public static let method = "Browser.getVersion"
        public init() {}
        public struct Response: Decodable, Sendable {
            public var product: String
        }
    }
}
