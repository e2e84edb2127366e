import NIOCore

/// Tells the two protocols apart by a connection's first line, then steps aside.
///
/// A JSON request begins with `{`; an SSIP command begins with a letter. The chosen handler
/// is added behind this one and receives every line, the first included.
final class ProtocolSniffer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = LineFrame
    typealias InboundOut = LineFrame

    private let makeJSONHandler: () -> any ChannelHandler
    private let makeSSIPHandler: () -> any ChannelHandler
    private var chosen = false

    init(json: @escaping () -> any ChannelHandler, ssip: @escaping () -> any ChannelHandler) {
        makeJSONHandler = json
        makeSSIPHandler = ssip
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !chosen {
            let frame = unwrapInboundIn(data)
            guard let first = Self.firstSignificantByte(of: frame) else {
                // Blank lines before the first request decide nothing.
                return
            }
            chosen = true
            let handler = first == UInt8(ascii: "{") ? makeJSONHandler() : makeSSIPHandler()
            do {
                try context.pipeline.syncOperations.addHandler(handler, position: .after(self))
            } catch {
                context.close(promise: nil)
                return
            }
            context.fireChannelRead(data)
            context.pipeline.syncOperations.removeHandler(self, promise: nil)
            return
        }
        context.fireChannelRead(data)
    }

    /// The first byte that is not white space, or nil for a blank line.
    /// A line too long to keep is taken as JSON, whose error reply can say so plainly.
    private static func firstSignificantByte(of frame: LineFrame) -> UInt8? {
        switch frame {
        case .tooLong: UInt8(ascii: "{")
        case let .line(buffer): buffer.readableBytesView.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
        }
    }
}
