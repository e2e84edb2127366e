public import AnnouncerCore
public import JSONLineEncoding

/// What every reply line begins with: the request it answers and whether it succeeded; when it did not,
/// the stable error code and one sentence. A client reads this first, then the body it expects.
public struct ReplyHeader: Sendable, Hashable, Codable {
    /// The request answered; nil when the line could not be read as a request.
    public var reply: RequestName?
    public var ok: Bool
    /// For a refusal: its stable code.
    public var error: ProtocolError.Code?
    /// For a refusal: one sentence saying why and what to do.
    public var message: String?

    enum CodingKeys: String, CodingKey { case reply, ok, error, message }

    public init(reply: RequestName?, ok: Bool, error: ProtocolError.Code? = nil, message: String? = nil) {
        self.reply = reply
        self.ok = ok
        self.error = error
        self.message = message
    }

    /// A refusal, written with exactly these four fields.
    public static func refusal(_ request: RequestName?, _ error: ProtocolError) -> ReplyHeader {
        ReplyHeader(reply: request, ok: false, error: error.code, message: error.message)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        reply = try container.decodeIfPresent(RequestName.self, forKey: .reply)
        ok = try container.decode(Bool.self, forKey: .ok)
        // A code this client does not know yet still comes with its sentence.
        error = (try? container.decodeIfPresent(ProtocolError.Code.self, forKey: .error)) ?? nil
        message = try container.decodeIfPresent(String.self, forKey: .message)
    }

    /// A success is written as `reply` and `ok` alone; a refusal adds `error` and `message`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(reply, forKey: .reply)
        try container.encode(ok, forKey: .ok)
        if !ok {
            try container.encodeIfPresent(error, forKey: .error)
            try container.encodeIfPresent(message, forKey: .message)
        }
    }

    /// The refusal as the error a client reports, or nil for a success.
    public var refusal: ProtocolError? {
        guard !ok else { return nil }
        return ProtocolError(error ?? .invalidValue, message ?? "The server refused the request without saying why.")
    }
}

/// A successful reply: the header, then the fields of its body in the same object.
public struct Reply<Body: Codable & Sendable>: Sendable, Codable {
    public var request: RequestName
    public var body: Body

    public init(_ request: RequestName, _ body: Body) {
        self.request = request
        self.body = body
    }

    public init(from decoder: any Decoder) throws {
        let header = try ReplyHeader(from: decoder)
        guard header.ok, let request = header.reply else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [],
                debugDescription: header.message ?? "The reply is not a successful one."))
        }
        self.request = request
        self.body = try Body(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try ReplyHeader(reply: request, ok: true).encode(to: encoder)
        try body.encode(to: encoder)
    }

    /// The reply as one line of JSON, without the newline.
    public var encoded: String { try! JSONLineEncoder().encode(self) }
}

/// The body of a reply that returns nothing beyond `ok`: cancel, subscribe, unsubscribe.
public struct NoBody: Sendable, Hashable, Codable {
    public init() {}
    public init(from decoder: any Decoder) throws {}
    public func encode(to encoder: any Encoder) throws {}
}

/// The body of the reply to `cancel`: how many announcements it ended, waiting or speaking.
public struct CancelledBody: Sendable, Hashable, Codable {
    public var cancelled: Int
    public init(cancelled: Int) { self.cancelled = cancelled }
}

/// The body of the reply to an accepted `speak`: the announcement's id.
public struct SpeakAccepted: Sendable, Hashable, Codable {
    public var id: AnnouncementID
    public init(id: AnnouncementID) { self.id = id }
}

/// The body of the reply to `defaults`: the connection's defaults after the change.
public struct DefaultsBody: Sendable, Hashable, Codable {
    public var language: Language
    public var politeness: Politeness
    public var punctuation: PunctuationLevel

    enum CodingKeys: String, CodingKey { case language = "lang", politeness, punctuation }

    public init(language: Language, politeness: Politeness, punctuation: PunctuationLevel) {
        self.language = language
        self.politeness = politeness
        self.punctuation = punctuation
    }
}

extension ReplyHeader {
    /// The refusal line for a request.
    public static func refusalLine(_ request: RequestName?, _ error: ProtocolError) -> String {
        try! JSONLineEncoder().encode(refusal(request, error))
    }
}
