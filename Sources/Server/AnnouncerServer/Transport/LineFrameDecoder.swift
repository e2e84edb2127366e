import NIOCore

/// Splits the byte stream into lines ending in LF or CRLF, refusing to buffer more than a bounded line.
///
/// A line over the limit is reported once as `.tooLong` and skipped to its end, so one huge line
/// costs its sender an error reply, not the server its memory.
struct LineFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = LineFrame

    let maxLineLength: Int
    private var discardingOverlongLine = false
    private var scanned = 0

    init(maxLineLength: Int) {
        self.maxLineLength = maxLineLength
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let view = buffer.readableBytesView
        let start = view.startIndex + scanned
        guard let newline = view[start...].firstIndex(of: UInt8(ascii: "\n")) else {
            scanned = view.count
            if discardingOverlongLine {
                buffer.moveReaderIndex(forwardBy: view.count)
                scanned = 0
            } else if view.count > maxLineLength + 1 {
                // +1 leaves room for the CR of a CRLF that has not arrived yet.
                discardingOverlongLine = true
                buffer.moveReaderIndex(forwardBy: view.count)
                scanned = 0
                context.fireChannelRead(Self.wrapInboundOut(.tooLong(limit: maxLineLength)))
            }
            return .needMoreData
        }
        let length = newline - view.startIndex
        scanned = 0
        if discardingOverlongLine {
            discardingOverlongLine = false
            buffer.moveReaderIndex(forwardBy: length + 1)
            return .continue
        }
        var line = buffer.readSlice(length: length)!
        buffer.moveReaderIndex(forwardBy: 1)
        if line.readableBytesView.last == UInt8(ascii: "\r") {
            line = line.getSlice(at: line.readerIndex, length: line.readableBytes - 1)!
        }
        if line.readableBytes > maxLineLength {
            context.fireChannelRead(Self.wrapInboundOut(.tooLong(limit: maxLineLength)))
        } else {
            context.fireChannelRead(Self.wrapInboundOut(.line(line)))
        }
        return .continue
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        // A line without its newline when the client went away was never finished: it is not a request.
        while try decode(context: context, buffer: &buffer) == .continue {}
        buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
        return .needMoreData
    }
}
