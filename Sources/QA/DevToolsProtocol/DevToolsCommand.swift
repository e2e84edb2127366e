/// A command of Chrome's DevTools protocol: its parameters are the type's own fields, and `Response`
/// is what the browser answers (https://chromedevtools.github.io/devtools-protocol/).
public protocol DevToolsCommand: Encodable, Sendable {
    associatedtype Response: Decodable & Sendable
    /// The method, such as `Page.navigate`.
    static var method: String { get }
}

/// An answer with nothing in it.
public struct NoResponse: Decodable, Sendable {}

/// A command on the wire: `{"id":1,"method":"Page.navigate","params":{…},"sessionId":"…"}`.
public struct OutgoingCommand<Command: DevToolsCommand>: Encodable, Sendable {
    public var id: Int
    public var method: String { Command.method }
    public var params: Command
    /// The page's session, for commands to a page rather than to the browser.
    public var sessionId: String?

    public init(id: Int, params: Command, sessionId: String?) {
        self.id = id
        self.params = params
        self.sessionId = sessionId
    }

    enum CodingKeys: String, CodingKey { case id, method, params, sessionId }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(method, forKey: .method)
        try container.encode(params, forKey: .params)
        try container.encodeIfPresent(sessionId, forKey: .sessionId)
    }
}

/// What every message from the browser has: an answer carries `id` (and `error` when the command
/// failed); an event carries `method`. Its `result` or `params` are decoded again by their own type.
public struct IncomingEnvelope: Decodable, Sendable {
    public var id: Int?
    public var method: String?
    public var sessionId: String?
    public var error: DevToolsFailure?
}

/// An answer's result, decoded as the command's response type.
public struct IncomingResult<Result: Decodable>: Decodable {
    public var result: Result
}

/// An event's parameters, decoded as the event's type.
public struct IncomingEvent<Parameters: Decodable>: Decodable {
    public var params: Parameters
}

/// The browser's refusal of a command, such as `{"code":-32000,"message":"Cannot navigate to invalid URL"}`.
public struct DevToolsFailure: Decodable, Sendable, Error, CustomStringConvertible {
    public var code: Int
    public var message: String
    public var description: String { message }
}

/// An event of the protocol, such as `Page.loadEventFired`.
public protocol DevToolsEvent: Decodable, Sendable {
    static var method: String { get }
}
