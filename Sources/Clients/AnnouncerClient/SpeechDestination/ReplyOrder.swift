import Synchronization

/// What becomes of each reply a server connection still owes, oldest first, for `ServerDestination`:
/// the server answers one connection's requests in order, so each reply is matched to its request.
/// A request nobody waits on has a refusal handler; one whose sender waits has none, and its reply
/// goes to the waiting queue.
final class ReplyOrder: Sendable {
    private struct Book {
        var handlers: [(@Sendable (String) -> Void)?] = []
        var head = 0
    }
    private let book = Mutex(Book())

    /// Notes `count` requests, then sends them with `send`, holding the book all the while, so that
    /// the order noted is the order on the wire even when two threads send at once.
    func send(_ count: Int, refused: (@Sendable (String) -> Void)?, with send: () throws(ClientError) -> Void) throws(ClientError) {
        try book.withLock { book throws(ClientError) in
            book.handlers += repeatElement(refused, count: count)
            try send()
        }
    }

    /// For the next reply: the refusal handler of a request nobody waits on, or nil when its sender
    /// waits (or no reply was owed).
    func next() -> (@Sendable (String) -> Void)? {
        book.withLock { book in
            guard book.head < book.handlers.count else { return nil }
            let handler = book.handlers[book.head]
            book.head += 1
            // Once every reply owed has come, the list starts again, so it never grows past one burst.
            if book.head == book.handlers.count {
                book.handlers.removeAll(keepingCapacity: true)
                book.head = 0
            }
            return handler
        }
    }
}
