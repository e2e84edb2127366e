import AnnouncerEngine
import Audio
@testable import AnnouncerServer
import Logging
import NIOCore
import NIOEmbedded
import SeamTestSupport

/// One connection's pipeline on an EmbeddedChannel, framed as the server frames it, with the handler a
/// test names and an engine on fake speech and the paced null sink behind it: no process, no socket.
final class EmbeddedConnection {
    let engine: SpeechEngine
    let context: ServerContext
    let client: ClientAccount
    let channel = EmbeddedChannel()

    init(handler: (ServerContext, ClientAccount) -> any ChannelHandler) throws {
        // The handlers' replies need no eSpeak NG: words from a fake synthesizer, played at a real device's pace.
        let synthesizer = FakeSynthesizer()
        engine = SpeechEngine(
            synthesizer: synthesizer, sink: NullSink(format: AudioFormat(sampleRate: synthesizer.sampleRate)), describedAs: .null,
            logger: Logger(label: "test"))
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
