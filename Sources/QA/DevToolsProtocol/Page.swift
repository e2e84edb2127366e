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

extension Page {
    /// A picture of part of the page as PNG, in base64: `clip` in CSS pixels of the document.
    public struct CaptureScreenshot: DevToolsCommand {
        public static let method = "Page.captureScreenshot"
        public var format = "png"
        public var clip: Viewport?
        public var captureBeyondViewport = false
        public init(clip: Viewport?) { self.clip = clip }
        public struct Response: Decodable, Sendable { public var data: String }
    }

    /// A rectangle of the page, and the scale it is pictured at.
    public struct Viewport: Codable, Sendable, Hashable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        public var scale: Double = 1
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// The page printed as PDF, in base64; tagged (a structure tree a screen reader reads) and with an
    /// outline of its headings when asked.
    public struct PrintToPDF: DevToolsCommand {
        public static let method = "Page.printToPDF"
        public var printBackground = true
        public var preferCSSPageSize = false
        public var generateTaggedPDF: Bool
        public var generateDocumentOutline: Bool
        public init(tagged: Bool = true, outline: Bool = true) {
            generateTaggedPDF = tagged
            generateDocumentOutline = outline
        }
        public struct Response: Decodable, Sendable { public var data: String }
    }
}
