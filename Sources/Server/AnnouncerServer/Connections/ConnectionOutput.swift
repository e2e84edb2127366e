import AnnouncerCore
import Logging
import NIOCore

/// Writes lines to one connection and bounds what waits unread.
///
/// Replies are bounded by backpressure: while the client does not read, its requests are not read
/// either (see `ReadGate`). Events are produced by the server whether the client reads or not, so
/// they are counted: once more than `eventBound` bytes wait and the client has stopped reading (see
/// `ReadingWatch`), the connection's events are cut with one notice and a log line. A client that
/// reads but falls behind a flood is closed only past `closeBound`. Together the connections are
/// bounded by the server's `OutputBudget`. Announcements go on and end on the timeline as usual.
final class ConnectionOutput {
    private let channel: any Channel
    private let lineEnding: String
    private let eventBound: Int
    private let budget: OutputBudget
    private let logger: Logger
    private let key: ObjectIdentifier
    /// Whether the client reads; shared with the connection's event recipient.
    let reading: ReadingWatch
    private var closedForLag = false
    /// True while the replies to one read are written and not yet flushed (`holdFlushes`).
    private var holding = false
    /// True when something was written since the last flush.
    private var unflushed = false
    /// True once events were cut for lag; the connection's own replies still go out.
    private(set) var eventsCut = false

    init(channel: any Channel, lineEnding: String, eventBound: Int, budget: OutputBudget, clock: any MonotonicClock, logger: Logger) {
        self.channel = channel
        reading = ReadingWatch(clock: clock)
        self.lineEnding = lineEnding
        self.eventBound = eventBound
        self.budget = budget
        self.logger = logger
        key = ObjectIdentifier(channel)
        budget.register(key) { [channel] in
            MemoryTrim.soon(on: channel.eventLoop)
            channel.close(promise: nil)
        }
        channel.closeFuture.assumeIsolated().whenComplete { [self] _ in
            budget.unregister(key)
            // What a laggard held is freed now; give it back to the system.
            if eventsCut || closedForLag { MemoryTrim.soon(on: channel.eventLoop) }
        }
    }

    /// The most bytes that may wait for one connection before it is closed, reading or not.
    private var closeBound: Int { 64 * eventBound }

    /// Holds the flushes of what is written until `releaseFlushes`, or, at the latest, the end of this
    /// turn of the event loop: the replies to a read of a hundred requests go out in one write to the
    /// socket, not a hundred, which a flood through many connections made the event loop's main cost.
    /// Call on the channel's event loop when a read begins.
    func holdFlushes() {
        guard !holding else { return }
        holding = true
        channel.eventLoop.assumeIsolated().execute { [self] in releaseFlushes() }
    }

    /// Flushes what was held, and flushes at once again from now on. Call when a read is complete.
    func releaseFlushes() {
        guard holding else { return }
        holding = false
        flushWritten()
    }

    /// Writes reply lines and flushes them, or leaves them for `releaseFlushes`. Call on the channel's event loop.
    func write(_ lines: [String]) {
        guard !lines.isEmpty, !closedForLag else { return }
        send(lines)
    }

    func write(_ line: String) { write([line]) }

    /// Writes event lines, unless events were cut. Past the event bound they are cut: `notice` is
    /// written once in their place, and false returned, so the caller stops sending events.
    /// With `force`, the events are cut now, whatever waits.
    @discardableResult
    func writeEvent(_ lines: [String], notice: [String], force: Bool = false) -> Bool {
        guard !closedForLag, !eventsCut else { return false }
        guard !lines.isEmpty || force else { return true }
        guard force || pendingBytes <= eventBound || !reading.stoppedReading else {
            eventsCut = true
            MemoryTrim.soon(on: channel.eventLoop)
            budget.report(.eventsCut)
            if !notice.isEmpty { send(notice) }
            return false
        }
        send(lines)
        return true
    }

    private func send(_ lines: [String]) {
        var buffer = channel.allocator.buffer(capacity: lines.reduce(0) { $0 + $1.utf8.count + lineEnding.utf8.count })
        for line in lines {
            buffer.writeString(line)
            buffer.writeString(lineEnding)
        }
        // No promise per write, which cost more than the line.
        channel.write(buffer, promise: nil)
        unflushed = true
        if !holding { flushWritten() }
    }

    /// Flushes what was written, then checks what the kernel would not take against the bounds.
    private func flushWritten() {
        guard unflushed, !closedForLag else { return }
        unflushed = false
        channel.flush()
        // What the kernel would not take waits in the channel.
        let waiting = pendingBytes
        if waiting > closeBound {
            closedForLag = true
            MemoryTrim.soon(on: channel.eventLoop)
            budget.report(.closedForLag)
            channel.close(promise: nil)
            return
        }
        budget.set(waiting, for: key)
    }

    /// Bytes written and not yet taken by the kernel. Call on the channel's event loop.
    private var pendingBytes: Int {
        (try? channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
    }

    /// The client read some of what waited: the server's budget counts what is left.
    func writabilityChanged() {
        reading.writabilityChanged(isWritable: channel.isWritable)
        guard !closedForLag else { return }
        budget.set(pendingBytes, for: key)
    }
}
