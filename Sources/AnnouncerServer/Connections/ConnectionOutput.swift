import Logging
import NIOCore

/// Writes lines to one connection and bounds what waits unread.
///
/// Replies are bounded by backpressure: a client that stops reading stops being read.
/// Events are produced by the server, so they are counted; a connection that lets more than
/// the limit pile up is closed, with a log line, rather than letting it grow the server's memory.
/// Its announcements go on and end on the timeline as usual.
final class ConnectionOutput {
    private let channel: any Channel
    private let lineEnding: String
    private let maxPendingBytes: Int
    private let logger: Logger
    private var pendingBytes = 0
    private var closedForLag = false

    init(channel: any Channel, lineEnding: String, maxPendingBytes: Int, logger: Logger) {
        self.channel = channel
        self.lineEnding = lineEnding
        self.maxPendingBytes = maxPendingBytes
        self.logger = logger
    }

    /// Writes lines and flushes them. Call on the channel's event loop.
    func write(_ lines: [String]) {
        guard !lines.isEmpty, !closedForLag else { return }
        var buffer = channel.allocator.buffer(capacity: lines.reduce(0) { $0 + $1.utf8.count + lineEnding.utf8.count })
        for line in lines {
            buffer.writeString(line)
            buffer.writeString(lineEnding)
        }
        let size = buffer.readableBytes
        pendingBytes += size
        if pendingBytes > maxPendingBytes {
            closedForLag = true
            logger.warning("Closed a connection that stopped reading: \(pendingBytes) bytes of replies and events were waiting for it.")
            channel.close(promise: nil)
            return
        }
        let promise = channel.eventLoop.makePromise(of: Void.self)
        promise.futureResult.assumeIsolated().whenComplete { [self] _ in pendingBytes -= size }
        channel.writeAndFlush(buffer, promise: promise)
    }

    func write(_ line: String) { write([line]) }
}
