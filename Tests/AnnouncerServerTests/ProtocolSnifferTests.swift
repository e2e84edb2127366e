@testable import AnnouncerServer
import NIOCore
import NIOEmbedded
import Testing

@Suite("Protocol sniffing")
struct ProtocolSnifferTests {
    /// Stands for a protocol's handler: records the lines it is given.
    private final class Recorder: ChannelInboundHandler {
        typealias InboundIn = LineFrame
        let name: String
        var lines: [String] = []
        init(_ name: String) { self.name = name }
        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            if case let .line(buffer) = unwrapInboundIn(data) { lines.append(String(buffer: buffer)) }
        }
    }

    private func channel(json: Recorder, ssip: Recorder) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(ProtocolSniffer(json: { json }, ssip: { ssip }))
        return channel
    }

    private func line(_ text: String) -> LineFrame { .line(ByteBuffer(string: text)) }

    /// Should give a connection whose first line is a JSON object to the JSON-lines handler, first line included.
    @Test("A first line that begins with { goes to JSON lines, and so does every line after it")
    func braceChoosesJSONLines() throws {
        let json = Recorder("json"), ssip = Recorder("ssip")
        let channel = try channel(json: json, ssip: ssip)
        try channel.writeInbound(line(#"{"request":"status"}"#))
        try channel.writeInbound(line("SPEAK"))
        #expect(json.lines == [#"{"request":"status"}"#, "SPEAK"])
        #expect(ssip.lines.isEmpty)
        #expect(throws: (any Error).self) { try channel.pipeline.syncOperations.handler(type: ProtocolSniffer.self) }
    }

    /// Should give a connection whose first word is a command to SSIP, and not decide on blank lines.
    @Test("Blank lines decide nothing; a first line that begins with a letter goes to SSIP")
    func letterChoosesSSIPAfterBlankLines() throws {
        let json = Recorder("json"), ssip = Recorder("ssip")
        let channel = try channel(json: json, ssip: ssip)
        try channel.writeInbound(line("  \r"))
        try channel.writeInbound(line("SET SELF CLIENT_NAME a:b:c"))
        try channel.writeInbound(line(#"{"request":"status"}"#))
        #expect(ssip.lines == ["SET SELF CLIENT_NAME a:b:c", #"{"request":"status"}"#])
        #expect(json.lines.isEmpty)
    }

    /// Should answer an overlong first line in JSON, whose error can say so plainly.
    @Test("An overlong first line is taken as JSON")
    func overlongFirstLineIsJSON() throws {
        let json = Recorder("json"), ssip = Recorder("ssip")
        let channel = try channel(json: json, ssip: ssip)
        try channel.writeInbound(LineFrame.tooLong(limit: 8))
        try channel.writeInbound(line("{}"))
        #expect(json.lines == ["{}"])
        #expect(ssip.lines.isEmpty)
    }
}
