/// A command's answer on the wire: `{"id", "result"}`, or `{"id", "error", "message"}` with an id that may be null.
enum ATDriverReply: Sendable, Equatable, Encodable {
    case success(id: Int, ATDriverResult)
    case failure(id: Int?, ATDriverFailure)

    private enum CodingKeys: String, CodingKey { case id, result, error, message }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .success(id, result):
            try container.encode(id, forKey: .id)
            try container.encode(result, forKey: .result)
        case let .failure(id, failure):
            // The specification keeps a null id rather than leaving it out.
            if let id { try container.encode(id, forKey: .id) } else { try container.encodeNil(forKey: .id) }
            try container.encode(failure.code, forKey: .error)
            try container.encode(failure.message, forKey: .message)
        }
    }

    /// The outcome as the log names it: "result", or the error code.
    var outcome: String {
        switch self {
        case .success: "result"
        case let .failure(_, failure): failure.code.rawValue
        }
    }
}
