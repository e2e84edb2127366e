import Foundation

/// One line from the server, read for the few fields `announce` acts on: a reply or an event.
public struct ServerLine: Sendable {
    /// The line as received, for printing unchanged.
    public let text: String
    /// For a reply: the request it answers.
    public let reply: String?
    public let ok: Bool
    public let id: String?
    public let errorCode: String?
    public let message: String?
    /// For an event: its name, such as `first_audio` or `ended`.
    public let event: String?
    public let outcome: String?
    public let reason: String?
    public let latencyMilliseconds: Double?
    /// For an event: when it happened, in milliseconds on the monotonic clock.
    public let timeMilliseconds: Double?
    /// For an event: when the client stamped the request as sent, if it did.
    public let sentMilliseconds: Double?
    public let politeness: String?

    public var isReply: Bool { reply != nil || event == nil }

    public init(_ text: String) {
        self.text = text
        let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
        reply = object["reply"] as? String
        ok = object["ok"] as? Bool ?? false
        id = object["id"] as? String
        errorCode = object["error"] as? String
        message = object["message"] as? String
        event = object["event"] as? String
        outcome = object["outcome"] as? String
        reason = object["reason"] as? String
        latencyMilliseconds = (object["latency_ms"] as? NSNumber)?.doubleValue
        timeMilliseconds = (object["t_ms"] as? NSNumber)?.doubleValue
        sentMilliseconds = (object["sent_ms"] as? NSNumber)?.doubleValue
        politeness = object["politeness"] as? String
    }
}
