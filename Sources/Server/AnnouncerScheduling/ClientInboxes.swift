import AnnouncerCore
import DequeModule

/// The clients' requests on their way to the scheduler's queue: one line per client, each in the
/// order sent, and the clients taken in turn.
///
/// With one `DispatchQueue.async` per request, a flood of 200,000 announcements through 200
/// connections sat in the queue's one line ahead of another program's assertive announcement, for
/// seconds. Taken in turn, that announcement waits for at most one request of each other client.
/// A value: its owner locks it and runs what it hands out on the queue.
struct ClientInboxes {
    /// One request: work to do on the scheduler's queue.
    typealias Request = @Sendable () -> Void

    private var lines: [ClientID: Deque<Request>] = [:]
    /// The clients with requests waiting, in the order they get their next turn.
    private var turns: Deque<ClientID> = []
    /// Requests waiting in all.
    private(set) var count = 0
    /// True while a drain of the lines is on its way to the queue.
    var drainScheduled = false

    var isEmpty: Bool { count == 0 }

    /// Adds `request` at the end of `client`'s line.
    mutating func append(_ request: @escaping Request, from client: ClientID) {
        if lines[client] == nil { turns.append(client) }
        lines[client, default: []].append(request)
        count += 1
    }

    /// Takes the next request in turn: the first of the client whose turn it is, which then goes to
    /// the end of the round if it has more.
    mutating func next() -> Request? {
        guard let client = turns.popFirst(), let request = lines[client]?.popFirst() else { return nil }
        count -= 1
        if lines[client]?.isEmpty == true {
            lines[client] = nil
        } else {
            turns.append(client)
        }
        return request
    }

    /// Takes every request, in turn, as `next` would hand them out one by one.
    mutating func takeAll() -> [Request] {
        var all: [Request] = []
        all.reserveCapacity(count)
        while let request = next() { all.append(request) }
        return all
    }
}
