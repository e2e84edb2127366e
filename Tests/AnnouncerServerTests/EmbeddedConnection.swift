import AnnouncerEngine
@testable import AnnouncerServer
import Logging
import NIOCore
import NIOEmbedded

/// One connection's pipeline on an EmbeddedChannel, framed as the server frames it, with the handler a
/// test names and a real engine on the null sink behind it: no process, no socket.
final class EmbeddedConnection {
    let engine: SpeechEngine
    let context: ServerContext
    let client: ClientAccount
    let channel = EmbeddedChannel()

    /// The synthesis supervisor of every connection in this test process, owned here and handed to each
    /// engine, so one worker serves them all.
    static let synthesis = Result { () throws(EngineError) in
        try SpeechEngine.SynthesisPlacement.standard.started(logger: Logger(label: "test"))
    }

    init(handler: (ServerContext, ClientAccount) -> any ChannelHandler) throws {
        engine = try SpeechEngine(sink: .null, synthesis: Self.synthesis.get(), logger: Logger(label: "test"))
        context = ServerContext(
            engine: engine, router: EventRouter(), configuration: ServerConfiguration(socketPath: "/nonexistent"),
            logger: Logger(label: "test")
        )
        client = context.connectionOpened()
        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder(maxLineLength: 256)))
        try channel.pipeline.syncOperations.addHandler(handler(context, client))
        // An open connection: after a hang-up, queries are not answered.
        try channel.connect(to: SocketAddress(unixDomainSocketPath: "/nonexistent/client.sock")).wait()
    }

    deinit {
        _ = try? channel.finish()
        engine.finish()
    }

    /// Sends one line with `ending` and returns everything written back, as text.
    func exchange(_ line: String, ending: String) throws -> String {
        try channel.writeInbound(ByteBuffer(string: line + ending))
        var text = ""
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { text += String(buffer: buffer) }
        return text
    }
}
