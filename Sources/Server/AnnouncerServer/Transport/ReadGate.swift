import DequeModule
import NIOCore

/// Hands request lines on in small turns, and only while the connection's output is being read.
///
/// NIO's `BackPressureHandler` stops reading the socket once replies wait unread, but one read may
/// already hold thousands of requests; answering them all at once would pile megabytes of replies on
/// a client that does not read, and keep the event loop from everyone else. So lines wait here and
/// go on while the channel is writable, for at most `turn` at a time; then the other connections get
/// theirs, in rounds that let the event loop read the sockets between them (`ReadTurns`). Past
/// `maxHeld` lines waiting, the socket is not read until they have gone on.
final class ReadGate: ChannelDuplexHandler {
    typealias InboundIn = LineFrame
    typealias InboundOut = LineFrame
    typealias OutboundIn = Never
    typealias OutboundOut = Never

    /// The longest one connection's lines are handled before others get their turn.
    static let turn = TimeAmount.microseconds(500)
    /// The turn a connection takes as soon as its lines are read, when it had none held: enough for a
    /// lone request, short enough that 200 connections read in one pass of the event loop cost little.
    static let firstTurn = TimeAmount.microseconds(100)
    /// The longest a connection that hung up has its held lines handled: a client's last requests (a
    /// PAUSE ALL, a few messages) and then some, about 100 requests of a release build; 50 flooders
    /// that hang up at once hold the loop 50 ms.
    static let lastTurn = TimeAmount.milliseconds(1)
    /// Lines held beyond which the socket is not read.
    static let maxHeld = 512

    private let turns: ReadTurns
    private var context: ChannelHandlerContext?
    private var held: Deque<LineFrame> = []
    private var turnScheduled = false
    private var fallbackScheduled = false
    private var readingPaused = false
    /// The client hung up: what it sent before still goes on, and then the news that it left, once.
    private var hungUp = false
    private var toldHangUp = false

    /// Told how many lines a connection that hung up left unhandled past `lastTurn`.
    private let onDropped: (Int) -> Void

    init(turns: ReadTurns, onDropped: @escaping (Int) -> Void = { _ in }) {
        self.turns = turns
        self.onDropped = onDropped
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        held.append(unwrapInboundIn(data))
        if held.count >= Self.maxHeld { readingPaused = true }
        // Should no completion follow (a handler before this one held the lines back and let them go
        // later), the first turn comes once the loop has finished reading: a request never waits unread.
        if held.count == 1, !turnScheduled, !fallbackScheduled {
            fallbackScheduled = true
            context.eventLoop.assumeIsolated().execute { [self] in
                fallbackScheduled = false
                if !turnScheduled, !held.isEmpty { takeTurn(until: .now() + Self.firstTurn) }
            }
        }
    }

    /// Every line of one read is held: a connection that had none held takes its first turn now, so a
    /// lone request is answered at once. Taken per line instead, as it once was, the turn never ended:
    /// each line found nothing held before it, and 200 flooding connections had every line of their
    /// reads handled before the loop read anyone else, half a second a pass.
    func channelReadComplete(context: ChannelHandlerContext) {
        if !turnScheduled { takeTurn(until: .now() + Self.firstTurn) }
        context.fireChannelReadComplete()
    }

    func read(context: ChannelHandlerContext) {
        // While too many lines wait, the read NIO asks for is held back; it is made when they have gone on.
        guard !readingPaused else { return }
        context.read()
    }

    /// The client hung up: what it sent before it did is still handled, and the handlers after this
    /// one hear of the hang-up when it has all gone on.
    func channelInactive(context: ChannelHandlerContext) {
        hungUp = true
        // What it sent goes on now, in one last turn, not in later rounds: the pipeline is taken apart
        // right after this, and lines still held then would be lost unseen, such as a PAUSE ALL sent
        // just before a hang-up, behind a reply that failed to write. Past `lastTurn`, what is left of
        // a flood is dropped, and said in one log line.
        takeTurn(until: .now() + Self.lastTurn)
        if !held.isEmpty {
            let dropped = held.count
            held.removeAll()
            onDropped(dropped)
            takeTurn(until: .now())
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        context.fireChannelWritabilityChanged()
        if !turnScheduled { takeTurn(until: .now() + Self.turn) }
    }

    /// Hands on lines until `end`; what is left waits for its turn in the next round, or for writability.
    func takeTurn(until end: NIODeadline) {
        turnScheduled = false
        guard let context else { return }
        // After a hang-up nothing can be written, so writability no longer holds lines back.
        while hungUp || context.channel.isWritable, let line = held.popFirst() {
            context.fireChannelRead(NIOAny(line))
            if NIODeadline.now() >= end { break }
        }
        if hungUp, held.isEmpty {
            if !toldHangUp { toldHangUp = true; context.fireChannelInactive() }
            return
        }
        if readingPaused, !hungUp, held.count < Self.maxHeld / 2 {
            readingPaused = false
            context.read()
        }
        guard !held.isEmpty, hungUp || context.channel.isWritable else { return }
        turnScheduled = true
        turns.enqueue(self)
    }
}
