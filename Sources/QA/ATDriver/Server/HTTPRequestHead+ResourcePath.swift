import NIOHTTP1

extension HTTPRequestHead {
    /// The path the request asks for, without its query or fragment, and without the scheme and host of an
    /// absolute URI: what the specification calls the resource name, such as `/session`.
    var resourcePath: Substring {
        var uri = Substring(self.uri)
        if let scheme = uri.range(of: "://") {
            let afterHost = uri[scheme.upperBound...]
            uri = afterHost.firstIndex(of: "/").map { afterHost[$0...] } ?? "/"
        }
        return uri.prefix { $0 != "?" && $0 != "#" }
    }
}
