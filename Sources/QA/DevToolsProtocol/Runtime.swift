/// The `Runtime`, `DOM` and `Input` domains: run a function on an element, find elements, press keys.
public enum Runtime {
    /// Evaluates `expression` in the page and returns its value as JSON.
    public struct Evaluate: DevToolsCommand {
        public static let method = "Runtime.evaluate"
        public var expression: String
        public var returnByValue: Bool
        public var awaitPromise = true
        public init(expression: String, returnByValue: Bool = true) {
            self.expression = expression
            self.returnByValue = returnByValue
        }
        public struct Response: Decodable, Sendable {
            public var result: RemoteObject
            public var exceptionDetails: ExceptionDetails?
        }
    }

    /// Calls `functionDeclaration` with `this` as the object, returning its value as JSON.
    public struct CallFunctionOn: DevToolsCommand {
        public static let method = "Runtime.callFunctionOn"
        public var functionDeclaration: String
        public var objectId: String
        public var returnByValue = true
        public init(functionDeclaration: String, objectId: String) {
            self.functionDeclaration = functionDeclaration
            self.objectId = objectId
        }
        public typealias Response = Evaluate.Response
    }

    public struct RemoteObject: Decodable, Sendable {
        public var type: String
        public var value: JSONValue?
        public var objectId: String?
        /// How the browser writes the object, such as an error's message and stack.
        public var description: String?
    }

    public struct ExceptionDetails: Decodable, Sendable {
        public var text: String
        /// What was thrown, when it was an object.
        public var exception: RemoteObject?
    }
}

/// The `DOM` domain.
public enum DOM {
    /// The JavaScript object of an element, by its backend node id.
    public struct ResolveNode: DevToolsCommand {
        public static let method = "DOM.resolveNode"
        public var backendNodeId: Int
        public init(backendNodeId: Int) { self.backendNodeId = backendNodeId }
        public struct Response: Decodable, Sendable { public var object: Runtime.RemoteObject }
    }

    /// An element's backend node id, from its JavaScript object.
    public struct DescribeNode: DevToolsCommand {
        public static let method = "DOM.describeNode"
        public var objectId: String
        public init(objectId: String) { self.objectId = objectId }
        public struct Response: Decodable, Sendable {
            public var node: Node
            public struct Node: Decodable, Sendable { public var backendNodeId: Int }
        }
    }
}

/// The `Input` domain: real key presses, as a keyboard makes them.
public enum Input {
    public struct DispatchKeyEvent: DevToolsCommand {
        public static let method = "Input.dispatchKeyEvent"
        /// `keyDown`, `keyUp`, `rawKeyDown` or `char`.
        public var type: String
        public var key: String?
        public var code: String?
        public var text: String?
        public var windowsVirtualKeyCode: Int?
        /// Alt 1, Ctrl 2, Meta 4, Shift 8.
        public var modifiers: Int?

        public init(type: String, key: String? = nil, code: String? = nil, text: String? = nil, windowsVirtualKeyCode: Int? = nil, modifiers: Int? = nil) {
            self.type = type
            self.key = key
            self.code = code
            self.text = text
            self.windowsVirtualKeyCode = windowsVirtualKeyCode
            self.modifiers = modifiers
        }
        public typealias Response = NoResponse
    }
}

extension Runtime {
    /// Sends the page's runtime events, `Runtime.bindingCalled` among them.
    public struct Enable: DevToolsCommand {
        public static let method = "Runtime.enable"
        public init() {}
        public typealias Response = NoResponse
    }

    /// Gives every frame a global function `name(text)` whose calls come back as `Runtime.bindingCalled`.
    public struct AddBinding: DevToolsCommand {
        public static let method = "Runtime.addBinding"
        public var name: String
        public init(name: String) { self.name = name }
        public typealias Response = NoResponse
    }

    /// The page called a binding.
    public struct BindingCalled: DevToolsEvent {
        public static let method = "Runtime.bindingCalled"
        public var name: String
        public var payload: String
    }
}

extension Page {
    /// Runs `source` in every document the page loads, before its own scripts.
    public struct AddScriptToEvaluateOnNewDocument: DevToolsCommand {
        public static let method = "Page.addScriptToEvaluateOnNewDocument"
        public var source: String
        public init(source: String) { self.source = source }
        public struct Response: Decodable, Sendable { public var identifier: String }
    }
}

extension Accessibility {
    /// The accessibility node of one element.
    public struct GetPartialAXTree: DevToolsCommand {
        public static let method = "Accessibility.getPartialAXTree"
        public var backendNodeId: Int
        public var fetchRelatives = false
        public init(backendNodeId: Int) { self.backendNodeId = backendNodeId }
        public struct Response: Decodable, Sendable { public var nodes: [AXNode] }
    }
}

extension DOM {
    /// Moves focus to an element.
    public struct Focus: DevToolsCommand {
        public static let method = "DOM.focus"
        public var backendNodeId: Int
        public init(backendNodeId: Int) { self.backendNodeId = backendNodeId }
        public typealias Response = NoResponse
    }
}

extension Input {
    /// Types text as an input method does: one input event, no key codes.
    public struct InsertText: DevToolsCommand {
        public static let method = "Input.insertText"
        public var text: String
        public init(text: String) { self.text = text }
        public typealias Response = NoResponse
    }
}
