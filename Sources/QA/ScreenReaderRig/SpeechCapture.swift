import AnnouncerClient
import AnnouncerProtocol
public import Foundation
import Synchronization

/// What a screen reader says through a private announcerd: a subscription to its timeline, kept as
/// `CapturedUtterance`s in the order they were received. Nothing else speaks through that server, so
/// every announcement on it is the screen reader's.
public final class SpeechCapture: @unchecked Sendable {
    private let connection: ServerConnection
    private let state = Mutex(State())
    private let changed = NSCondition()

    private struct State {
        var utterances: [CapturedUtterance] = []
        var index: [String: Int] = [:]
        var closed = false
        var listeners: [UUID: @Sendable (CapturedUtterance) -> Void] = [:]
    }

    /// Subscribes to the timeline of the server at `socket`.
    public static func subscribe(to socket: String) throws(RigError) -> SpeechCapture {
        let connection: ServerConnection
        do { connection = try ServerConnection.connect(to: socket) } catch {
            throw .partFailed(part: "announcerd", reason: error.description)
        }
        let reply: ServerLine
        do { reply = try connection.request(JSONRequest.subscribe) } catch {
            connection.close()
            throw .partFailed(part: "announcerd", reason: error.description)
        }
        guard reply.reply?.ok == true else {
            connection.close()
            throw .partFailed(part: "announcerd", reason: "it refused to stream its timeline")
        }
        return SpeechCapture(connection: connection)
    }

    private init(connection: ServerConnection) {
        self.connection = connection
        let thread = Thread { [self] in read() }
        thread.name = "speech-capture"
        thread.start()
    }

    /// Every utterance so far, in the order received.
    public var all: [CapturedUtterance] { state.withLock { $0.utterances } }

    /// Those received at or after `time`.
    public func utterances(receivedSince time: UInt64) -> [CapturedUtterance] {
        state.withLock { $0.utterances.filter { $0.received >= time } }
    }

    /// Calls `listener` each time an utterance settles (sounds, or ends unsounded), on the reading thread.
    @discardableResult
    public func onSettled(_ listener: @escaping @Sendable (CapturedUtterance) -> Void) -> UUID {
        let key = UUID()
        state.withLock { $0.listeners[key] = listener }
        return key
    }

    public func stopListening(_ key: UUID) {
        _ = state.withLock { $0.listeners.removeValue(forKey: key) }
    }

    /// Waits for the first utterance received since `time` that `matches`, at most `timeout`.
    public func waitFor(since time: UInt64, timeout: Duration, matching matches: (CapturedUtterance) -> Bool) -> CapturedUtterance? {
        let deadline = Date(timeIntervalSinceNow: Self.seconds(timeout))
        changed.lock()
        defer { changed.unlock() }
        while true {
            if let found = utterances(receivedSince: time).first(where: matches) { return found }
            if state.withLock({ $0.closed }) || !changed.wait(until: deadline) { return nil }
        }
    }

    /// Waits until the screen reader has said nothing new for `quiet` after `time` and what it said has
    /// settled, at most `longest` after `time`; returns what it said since `time`. With `expecting`, waits
    /// on past `quiet` (up to `longest`) while fewer utterances than that have come.
    public func waitUntilQuiet(since time: UInt64, quiet: Duration, longest: Duration, expecting: Int = 0) -> [CapturedUtterance] {
        let end = Date(timeIntervalSinceNow: Self.seconds(longest))
        changed.lock()
        defer { changed.unlock() }
        var lastCount = -1
        var quietFrom = Date()
        while Date() < end {
            let said = utterances(receivedSince: time)
            if said.count != lastCount {
                lastCount = said.count
                quietFrom = Date()
            }
            let settled = said.allSatisfy(\.isSettled)
            if settled, said.count >= expecting, Date().timeIntervalSince(quietFrom) >= Self.seconds(quiet) { return said }
            if state.withLock({ $0.closed }) { return said }
            _ = changed.wait(until: min(end, Date(timeInterval: 0.05, since: Date())))
        }
        return utterances(receivedSince: time)
    }

    /// Waits until everything said so far has ended and nothing new has come for `quiet` (a reader may send
    /// its next utterance only once the last has ended), at most `longest`; false if it still speaks then.
    @discardableResult
    public func waitUntilIdle(quiet: Duration = .milliseconds(500), longest: Duration) -> Bool {
        let end = Date(timeIntervalSinceNow: Self.seconds(longest))
        changed.lock()
        defer { changed.unlock() }
        var idleSince: Date?
        var count = -1
        while Date() < end {
            let (closed, ended, total) = state.withLock { state in
                (state.closed, state.utterances.allSatisfy { $0.outcome != nil }, state.utterances.count)
            }
            if closed { return true }
            if !ended || total != count { idleSince = ended ? Date() : nil }
            count = total
            if let idleSince, Date().timeIntervalSince(idleSince) >= Self.seconds(quiet) { return true }
            _ = changed.wait(until: min(end, Date(timeIntervalSinceNow: 0.05)))
        }
        return false
    }

    /// Stops the subscription.
    public func close() {
        connection.close()
    }

    private func read() {
        while let line = connection.nextLine() {
            guard let event = ServerLine(line).event else { continue }
            take(event)
        }
        state.withLock { $0.closed = true }
        changed.lock()
        changed.broadcast()
        changed.unlock()
    }

    private func take(_ event: EventLine) {
        let id = event.id.rawValue
        let settled: (CapturedUtterance, [@Sendable (CapturedUtterance) -> Void])? = state.withLock { state in
            switch event.event {
            case .received:
                state.index[id] = state.utterances.count
                state.utterances.append(CapturedUtterance(id: id, text: event.text, received: event.time.microseconds))
                return nil
            case .firstAudio:
                guard let at = state.index[id], state.utterances[at].firstAudio == nil else { return nil }
                state.utterances[at].firstAudio = event.time.microseconds
                return (state.utterances[at], Array(state.listeners.values))
            case .ended:
                guard let at = state.index[id] else { return nil }
                let wasSettled = state.utterances[at].isSettled
                state.utterances[at].outcome = event.outcome?.rawValue ?? "ended"
                return wasSettled ? nil : (state.utterances[at], Array(state.listeners.values))
            default:
                return nil
            }
        }
        if let (utterance, listeners) = settled { for listener in listeners { listener(utterance) } }
        changed.lock()
        changed.broadcast()
        changed.unlock()
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
