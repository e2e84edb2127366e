public import AnnouncerCore

/// One JSON-lines connection as a value: request lines and events in, actions out, no sockets.
///
/// It keeps the connection's defaults, whether it subscribed, and which of its own announcements it
/// follows. What needs the server (the queue, the clients' allowances, the status) is an action for
/// the handler to carry out; the handler reports back with `accepted` or `refused`.
public struct JSONLinesSession: Sendable {
    /// What the handler must do, in order.
    public enum Action: Sendable, Equatable {
        /// Write this reply line.
        case reply(String)
        /// Admit and queue this announcement, then call `accepted` or `refused`.
        case submit(Announcement, follow: Bool)
        case cancel(CancelTarget)
        /// End every announcement of this connection that has not ended.
        case cancelOwn
        /// Start or stop sending this connection the whole timeline.
        case subscribe
        case unsubscribe
        /// Answer `status`; a snapshot made after `changedSince` may be reused.
        case status(changedSince: MonotonicInstant)
        /// Answer `voices`.
        case voices
        /// Pause or resume this connection's speech, or every client's.
        case pause(all: Bool)
        case resume(all: Bool)
    }

    public private(set) var defaults: ConnectionDefaults
    public private(set) var isSubscribed = false
    /// Own announcements whose events this connection follows until they end.
    private var followed: Set<AnnouncementID> = []
    /// When this connection last asked for something other than status or voices, or else opened.
    private var lastChange: MonotonicInstant
    /// The languages a request may name: those the server speaks.
    private let languages: [Language]

    /// A connection opened at `openedAt` is never answered with a status snapshot made before it: what
    /// another program did just before (`announce say`, then `announce status`) is in its status.
    public init(defaults: ConnectionDefaults, languages: [Language], openedAt: MonotonicInstant = MonotonicInstant(microseconds: 0)) {
        self.defaults = defaults
        self.languages = languages
        lastChange = openedAt
    }

    /// Handles one line, without its newline. After a hang-up (`connectionOpen` false) only what changes
    /// the queue is carried out: nobody is left to read a status.
    public mutating func receive(_ line: some Collection<UInt8>, at arrival: MonotonicInstant, connectionOpen: Bool = true) -> [Action] {
        // Blank lines between requests are allowed and need no reply.
        guard line.contains(where: { !Self.isJSONWhitespace($0) }) else { return [] }
        switch JSONRequestParser.parse(line, languages: languages) {
        case let .failure(failure):
            return [.reply(ReplyHeader.refusalLine(failure.request.flatMap(RequestName.init(rawValue:)), failure.error))]
        case let .success(request):
            if !connectionOpen, request.isQuery { return [] }
            return handle(request, at: arrival)
        }
    }

    /// A line longer than the server keeps arrived and was discarded.
    public func lineTooLong(limit: Int) -> [Action] {
        [.reply(ReplyHeader.refusalLine(nil, ProtocolError(.lineTooLong,
            "The line is longer than \(limit) bytes and was discarded; send shorter requests.")))]
    }

    private mutating func handle(_ request: JSONRequest, at arrival: MonotonicInstant) -> [Action] {
        if !request.isQuery { lastChange = arrival }
        switch request {
        case let .speak(speak):
            do throws(ProtocolError) {
                return [.submit(try speak.announcement(defaults: defaults, arrival: arrival), follow: speak.follow)]
            } catch {
                return [.reply(ReplyHeader.refusalLine(.speak, error))]
            }
        // Answered by the server once the queue has carried it out, with how many it ended.
        case let .cancel(target):
            return [.cancel(target)]
        case .cancelOwn:
            return [.cancelOwn]
        case .subscribe:
            isSubscribed = true
            return [.subscribe, .reply(Reply(.subscribe, NoBody()).encoded)]
        case .unsubscribe:
            isSubscribed = false
            return [.unsubscribe, .reply(Reply(.unsubscribe, NoBody()).encoded)]
        case .status:
            return [.status(changedSince: lastChange)]
        case .voices:
            return [.voices]
        case let .pause(all):
            return [.pause(all: all), .reply(Reply(.pause, NoBody()).encoded)]
        case let .resume(all):
            return [.resume(all: all), .reply(Reply(.resume, NoBody()).encoded)]
        case let .defaults(language, politeness, punctuation):
            if let language { defaults.language = language }
            if let politeness { defaults.politeness = politeness }
            if let punctuation { defaults.punctuation = punctuation }
            return [.reply(Reply(.defaults, DefaultsBody(
                language: defaults.language, politeness: defaults.politeness, punctuation: defaults.punctuation ?? .some
            )).encoded)]
        }
    }

    /// The server queued the announcement of a `.submit`: reply with its id, and follow it if asked.
    public mutating func accepted(_ announcement: Announcement, follow: Bool) -> [Action] {
        if follow { followed.insert(announcement.id) }
        return [.reply(Reply(.speak, SpeakAccepted(id: announcement.id)).encoded)]
    }

    /// The server did not queue it: the refusal is the client's only record of it.
    public func refused(_ error: ProtocolError) -> [Action] {
        [.reply(ReplyHeader.refusalLine(.speak, error))]
    }

    /// Whether this connection wants a timeline event: all of them while subscribed, and the events of
    /// its own announcements that it follows, until each ends.
    public mutating func wants(_ event: TimelineEvent, isOwn: Bool) -> Bool {
        var wanted = isSubscribed
        if isOwn, followed.contains(event.announcement.id) {
            wanted = true
            if case .ended = event.kind { followed.remove(event.announcement.id) }
        }
        return wanted
    }

    /// The server stopped sending this connection the timeline, since it fell too far behind; its own
    /// announcements are still followed. Returns whether it was subscribed, so the notice is written once.
    public mutating func subscriptionDropped() -> Bool {
        defer { isSubscribed = false }
        return isSubscribed
    }

    /// The connection did not read its events and they were cut: it gets none, followed or subscribed,
    /// until it subscribes again.
    public mutating func eventsCut() {
        isSubscribed = false
        followed.removeAll()
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
