import AnnouncerCore
import AnnouncerProtocol
import Blocking
import Dispatch
import Foundation
import NIOPosix
import Synchronization

/// A running `announcerd` as a speech destination, reached over its socket with the JSON-lines protocol.
///
/// One connection subscribes to the whole timeline and sends most requests; more connections are
/// opened to speak from many clients at once. Every request carries its send time (`sent_ms`).
public final class ServerDestination: SpeechDestination {
    public let path: String
    public let timeline = TimelineCollector()
    private let control: ServerConnection
    /// Replies read from the control connection, waiting for whoever sent the request.
    private let replies = BlockingQueue<ServerLine>()
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
    private var clients: [ServerConnection] = []
    /// Every id sent here, so what has not ended can be cancelled when the sender stops.
    private let sentIDs = Mutex<[String]>([])
    /// Held while speak requests are written, and set once what was sent is cancelled, so no
    /// request can go out after the cancels (the bench's thread may be mid-backlog at Ctrl-C).
    private let stopped = Mutex<Bool>(false)
    /// How long the server may take to take a request or answer one before the sender gives up.
    static let answerTimeout = 10

    /// Subscribes to the server's timeline on the connection; `recordEvent` is given each event line as received.
    public init(control: ServerConnection, recordEvent: (@Sendable (String) -> Void)? = nil) throws {
        path = control.path
        self.control = control
        let (timeline, replies) = (timeline, replies)
        DedicatedThread.start(name: "server timeline reader") {
            while let text = control.nextLine() {
                let line = ServerLine(text)
                if let event = AnnouncementEvent(line) {
                    recordEvent?(text)
                    timeline.record(event)
                } else {
                    replies.append(line)
                }
            }
            replies.close()
            timeline.close()
        }
        try send([JSONRequest.subscribe.encoded])
    }

    public var description: String { "the server at \(path)" }

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
        do throws(ClientError) {
            try control.send(lines.joined(separator: "\n"), timeout: Self.answerTimeout)
        } catch {
            return
        }
        timeline.waitUntilEnded(open, timeout: .seconds(Self.answerTimeout))
    }

    public func close() {
        cancelOutstanding()
        for client in clients { client.close() }
        control.close()
        try? group.syncShutdownGracefully()
    }

    /// Sends request lines on the control connection and returns their replies, each checked.
    @discardableResult
    private func send(_ lines: [String]) throws -> [ServerLine] {
        try write(lines)
        return try readReplies(lines.count)
    }

    private func write(_ lines: [String]) throws {
        for line in lines {
            do throws(ClientError) { try control.send(line, timeout: Self.answerTimeout) } catch { throw DestinationError(error.description) }
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
