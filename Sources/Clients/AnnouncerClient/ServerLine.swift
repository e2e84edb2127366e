public import AnnouncerCore
public import AnnouncerProtocol
import Foundation

/// One line from the server, read with the wire types: a reply, an event of the timeline, or a notice.
public struct ServerLine: Sendable {
    /// What the line is.
    public enum Content: Sendable {
        /// A reply; `id` is the announcement's id when it answers an accepted `speak`.
        case reply(ReplyHeader, id: AnnouncementID?)
        case event(EventLine)
        case notice(EventNotice)
        /// Not a line of the protocol this client understands.
        case unreadable
    }

    /// The line as received, for printing unchanged.
    public let text: String
    public let content: Content

    public init(_ text: String) {
        self.text = text
        let data = Data(text.utf8)
        let decoder = JSONDecoder()
        if let event = try? decoder.decode(EventLine.self, from: data) {
            content = .event(event)
        } else if let notice = try? decoder.decode(EventNotice.self, from: data), notice.event == .error {
            content = .notice(notice)
        } else if let header = try? decoder.decode(ReplyHeader.self, from: data) {
            let id = header.ok && header.reply == .speak ? (try? decoder.decode(SpeakAccepted.self, from: data))?.id : nil
            content = .reply(header, id: id)
        } else {
            content = .unreadable
        }
    }

    /// For a reply: its header.
    public var reply: ReplyHeader? {
        if case let .reply(header, _) = content { header } else { nil }
    }

    /// For an event: the event.
    public var event: EventLine? {
        if case let .event(event) = content { event } else { nil }
    }

    /// The announcement the line is about: an event's, or the one an accepted `speak` created.
    public var id: AnnouncementID? {
        switch content {
        case let .reply(_, id): id
        case let .event(event): event.id
        case .notice, .unreadable: nil
        }
    }

    /// True for anything but an event or a notice, so a client waiting for a reply never takes an event for one.
    public var isReply: Bool {
        switch content {
        case .reply, .unreadable: true
        case .event, .notice: false
        }
    }

    /// Decodes the line as a successful reply with this body; nil when it is not one.
    public func body<Body: Codable & Sendable>(_ type: Body.Type) -> Body? {
        (try? JSONDecoder().decode(Reply<Body>.self, from: Data(text.utf8)))?.body
    }
}
