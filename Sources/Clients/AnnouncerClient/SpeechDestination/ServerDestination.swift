public import AnnouncerCore
public import AnnouncerProtocol
import Blocking
import Dispatch
import Foundation
import NIOPosix
import Synchronization

/// A running `announcerd` as a speech destination, reached over its socket with the JSON-lines protocol.
///
/// One connection, the control connection, is this client: it sends most requests and reads their
/// replies, which the server gives in the order of the requests. It either subscribes to the whole
/// timeline (the bench, the flows) or hears only the announcements it asks to follow (say, pipe).
/// More connections are opened to speak from many clients at once. Every bench or flow request
/// carries its send time (`sent_ms`).
public final class ServerDestination: SpeechDestination {
    public let path: String
    public let timeline = TimelineCollector()
    private let control: ServerConnection
    /// Replies read from the control connection, waiting for whoever sent the request.
    private let replies = BlockingQueue<ServerLine>()
    /// What becomes of each reply still to come, oldest first: for a request sent with `post`, its
    /// refusal handler; for one whose sender waits, nil, and the reply goes to `replies`. Locked
    /// while requests are written, so the order here is the order on the wire.
    private let awaited = ReplyOrder()
    /// The event loops of the extra clients, made when the first is opened: say, pipe and emacspeak
    /// speak from the control connection alone and start no threads for them.
    private var group: MultiThreadedEventLoopGroup?
    private var clients: [ServerConnection] = []
    /// Every id sent here, so what has not ended can be cancelled when the sender stops.
    private let sentIDs = Mutex<[String]>([])
    /// Held while speak requests are written, and set once what was sent is cancelled, so no
    /// request can go out after the cancels (the bench's thread may be mid-backlog at Ctrl-C).
    private let stopped = Mutex<Bool>(false)
    /// Whether a request went out with `post`, whose answer nobody has waited for.
    private let posted = Atomic<Bool>(false)
    /// How long the server may take to take a request or answer one before the sender gives up.
    static let answerTimeout = 10

    /// Starts reading the connection's lines; with `subscribe`, first asks for the server's whole
    /// timeline. `recordEvent` is given each event line as received, and `recordNotice` every other
    /// line that is not a reply (the server's error notices).
    public init(
        control: ServerConnection, subscribe: Bool = true, recordEvent: (@Sendable (String) -> Void)? = nil,
        recordNotice: (@Sendable (String) -> Void)? = nil
    ) throws {
        path = control.path
        self.control = control
        let (timeline, replies, awaited) = (timeline, replies, awaited)
        DedicatedThread.start(name: "server timeline reader") {
            while let text = control.nextLine() {
                let line = ServerLine(text)
                if line.isReply {
                    if let refused = awaited.next() {
                        if let header = line.reply, !header.ok { refused(header.message ?? "The server refused a request.") }
                    } else {
                        replies.append(line)
                    }
                } else if let event = AnnouncementEvent(line) {
                    recordEvent?(text)
                    timeline.record(event)
                } else {
                    recordNotice?(text)
                }
            }
            replies.close()
            timeline.close()
        }
        if subscribe { try send([JSONRequest.subscribe.encoded]) }
    }

    public var description: String { "the server at \(path)" }
    public var outlivesClient: Bool { true }

    public func speak(_ requests: [OutgoingAnnouncement]) throws {
        // Sent in batches, so replies are read while more requests go out and neither side's buffers fill.
        for start in stride(from: 0, to: requests.count, by: 500) {
            let batch = requests[start..<min(start + 500, requests.count)]
            try whileNotStopped {
                sentIDs.withLock { $0 += batch.map(\.id) }
                try write(batch.map { $0.jsonLine(sent: .now()) })
            }
            try readReplies(batch.count)
        }
    }

    /// Runs `body` unless the sender has stopped, holding off `cancelOutstanding` until it is done.
    private func whileNotStopped(_ body: () throws -> Void) throws {
        try stopped.withLock { isStopped in
            guard !isStopped else { throw DestinationError("Speaking was stopped, so nothing more is sent.") }
            try body()
        }
    }

    public func speakFromSeparateClients(_ requests: [OutgoingAnnouncement]) throws {
        let group = self.group ?? MultiThreadedEventLoopGroup(numberOfThreads: 2)
        self.group = group
        while clients.count < requests.count {
            do throws(ClientError) {
                clients.append(try ServerConnection.connect(to: path, sharing: group))
            } catch {
                throw DestinationError("Client \(clients.count + 1) could not connect: \(error.description)")
            }
        }
        let clients = clients
        let sendFailures = Atomic<Int>(0)
        // All requests go out before any reply is read, so they reach the server together.
        try whileNotStopped {
            sentIDs.withLock { $0 += requests.map(\.id) }
            DispatchQueue.concurrentPerform(iterations: requests.count) { index in
                do throws(ClientError) {
                    try clients[index].send(requests[index].jsonLine(sent: .now()), timeout: Self.answerTimeout)
                } catch {
                    sendFailures.add(1, ordering: .relaxed)
                }
            }
        }
        if sendFailures.load(ordering: .relaxed) > 0 { throw DestinationError("The server closed a client's connection while they spoke.") }
        for client in clients.prefix(requests.count) {
            let text: String
            do throws(ClientError) {
                text = try client.nextLine(timeout: Self.answerTimeout)
            } catch {
                throw DestinationError(error.description)
            }
            try Self.check(ServerLine(text))
        }
    }

    public func cancel(_ ids: [String]) throws {
        let lines = ids.map { JSONRequest.cancel(.id(AnnouncementID($0))).encoded }
        for start in stride(from: 0, to: lines.count, by: 500) {
            try send(Array(lines[start..<min(start + 500, lines.count)]))
        }
    }

    public func waitingPolite() throws -> Int {
        let reply = try send([JSONRequest.status.encoded])[0]
        guard let status = reply.body(StatusBody.self) else {
            throw DestinationError("The server's status reply did not say how many polite announcements wait.")
        }
        return status.waiting.polite
    }

    public func cancelOutstanding() {
        let sent = stopped.withLock { isStopped in
            isStopped = true
            return sentIDs.withLock { $0 }
        }
        let open = sent.filter { timeline.times(of: $0)?.outcome == nil }
        guard !open.isEmpty else { return }
        // All cancels in one write, without reading the replies: this may run from a signal handler's
        // queue while the sender's own thread waits for a reply. Each cancel shows on the subscribed
        // timeline as an ended event, so that is what is waited for before the connection may close.
        let lines = open.map { JSONRequest.cancel(.id(AnnouncementID($0))).encoded }
        // Their replies are owed all the same, and nobody reads them.
        let control = control
        do throws(ClientError) {
            try awaited.send(lines.count, refused: { _ in }) { () throws(ClientError) in
                try control.send(lines.joined(separator: "\n"), timeout: Self.answerTimeout)
            }
        } catch {
            return
        }
        timeline.waitUntilEnded(open, timeout: .seconds(Self.answerTimeout))
    }

    public func close() {
        cancelOutstanding()
        letGo()
    }

    public func submit(_ request: SpeakRequest, arrival: MonotonicInstant) throws(DestinationError) -> Submission {
        try write([JSONRequest.speak(request).encoded])
        let reply: ServerLine
        switch replies.take() {
        case let .some(line): reply = line
        case .none: throw DestinationError(ClientError.connectionClosed.description)
        }
        guard let header = reply.reply, header.ok, let id = reply.id else {
            return .refused(reason: reply.reply?.message, throttled: reply.reply?.error == .throttled)
        }
        return .accepted(id)
    }

    public func post(_ request: ClientRequest, refused: @escaping @Sendable (String) -> Void) {
        posted.store(true, ordering: .relaxed)
        do throws(DestinationError) {
            try write([request.json.encoded], refused: refused)
        } catch {
            refused(error.description)
        }
    }

    public func offeredVoices() throws(DestinationError) -> (voices: [OfferedVoice], defaultLanguage: Language) {
        let reply: ServerLine
        do { reply = try send([JSONRequest.voices.encoded])[0] } catch { throw error as? DestinationError ?? DestinationError("\(error)") }
        guard let body = reply.body(VoicesBody.self) else {
            throw DestinationError("The server did not say which voices it has.")
        }
        var seen = Set<Language>()
        let profiles = body.voices.map { OfferedVoice(name: $0.name, language: $0.language, voiceType: $0.voiceType) }
        let others = body.synthesizerLanguages.map { OfferedVoice(name: $0.language.rawValue, language: $0.language, voiceType: "MALE1") }
        return ((profiles + others).filter { seen.insert($0.language).inserted }, body.defaultLanguage)
    }

    public func serverStatus() -> StatusBody? {
        (try? send([JSONRequest.status.encoded]))?.first?.body(StatusBody.self)
    }

    /// The server refuses a request in a language it has no voice for, in its own words.
    public func check(_ language: Language) throws(DestinationError) {}

    /// What was accepted is the server's to speak: Ctrl-C only ends this client.
    public func interrupt(then: @escaping @Sendable () -> Void) { then() }

    /// What was accepted stays the server's to speak after this client has gone. The answers to
    /// requests sent with `post` are waited for first, so that no refusal goes untold: the server
    /// answers in order, so one more request's reply comes after all of theirs.
    public func finish() {
        if posted.load(ordering: .relaxed) { _ = try? send([JSONRequest.status.encoded]) }
        letGo()
    }

    private func letGo() {
        for client in clients { client.close() }
        control.close()
        try? group?.syncShutdownGracefully()
    }

    /// Sends request lines on the control connection and returns their replies, each checked.
    @discardableResult
    private func send(_ lines: [String]) throws -> [ServerLine] {
        try write(lines)
        return try readReplies(lines.count)
    }

    /// Writes request lines whose replies their sender waits for, or, given `refused`, whose replies only a refusal is told of.
    private func write(_ lines: [String], refused: (@Sendable (String) -> Void)? = nil) throws(DestinationError) {
        let control = control
        do throws(ClientError) {
            try awaited.send(lines.count, refused: refused) { () throws(ClientError) in
                for line in lines { try control.send(line, timeout: Self.answerTimeout) }
            }
        } catch {
            throw DestinationError(error.description)
        }
    }

    /// The next `count` replies on the control connection, each checked.
    @discardableResult
    private func readReplies(_ count: Int) throws -> [ServerLine] {
        try (0..<count).map { _ in
            switch replies.take(until: .now() + .seconds(Self.answerTimeout)) {
            case let .element(reply):
                try Self.check(reply)
                return reply
            case .closed: throw DestinationError(ClientError.connectionClosed.description)
            case .timedOut: throw DestinationError(ClientError.noAnswer(seconds: Self.answerTimeout).description)
            }
        }
    }

    private static func check(_ reply: ServerLine) throws {
        let header = reply.reply
        guard header?.ok != true else { return }
        // The defaults fit every bench scenario; only a server started with lower limits refuses one.
        let remedy = header?.error == .throttled
            ? " The server was started with per-client limits lower than these announcements need; start announcerd without lowering --client-burst, --client-rate or --client-pending." : ""
        throw DestinationError("The server refused \(header?.reply.map { "a \($0.rawValue) request" } ?? "a request"): \(header?.message ?? reply.text)\(remedy)")
    }
}
