/// The `Accessibility` domain: the tree a screen reader reads.
public enum Accessibility {
    public struct Enable: DevToolsCommand {
        public static let method = "Accessibility.enable"
        public init() {}
        public typealias Response = NoResponse
    }

    /// The whole accessibility tree of the page, ignored nodes included.
    public struct GetFullAXTree: DevToolsCommand {
        public static let method = "Accessibility.getFullAXTree"
        public init() {}
        public struct Response: Decodable, Sendable { public var nodes: [AXNode] }
    }

    /// One node of the tree: its role, name, value, description and states, and its children.
    public struct AXNode: Decodable, Sendable, Hashable {
        public var nodeId: String
        public var ignored: Bool
        public var role: AXValue?
        public var name: AXValue?
        public var description: AXValue?
        public var value: AXValue?
        public var properties: [AXProperty]?
        public var parentId: String?
        public var childIds: [String]?
        public var backendDOMNodeId: Int?

        /// A property's value, such as `required` or `invalid`, by its name.
        public func property(_ name: String) -> JSONValue? {
            properties?.first { $0.name == name }?.value.value
        }
    }

    /// A typed value: `{"type":"role","value":"textbox"}`, or a node list for relations.
    public struct AXValue: Decodable, Sendable, Hashable {
        public var type: String
        public var value: JSONValue?
        public var relatedNodes: [AXRelatedNode]?
    }

    /// A node another refers to, such as the target of `aria-errormessage`.
    public struct AXRelatedNode: Decodable, Sendable, Hashable {
        public var backendDOMNodeId: Int
        public var text: String?
    }

    public struct AXProperty: Decodable, Sendable, Hashable {
        public var name: String
        public var value: AXValue
    }
}
