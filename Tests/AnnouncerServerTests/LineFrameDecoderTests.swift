@testable import AnnouncerServer
import NIOCore
import NIOEmbedded
import NIOTestUtils
import Testing

@Suite("Line framing")
struct LineFrameDecoderTests {
    private func frame(_ text: String) -> LineFrame { .line(ByteBuffer(string: text)) }

    /// Should split lines on LF and CRLF however the bytes are cut up, one at a time included.
    @Test("Lines end in LF or CRLF, whatever the reads' boundaries")
    func splitsOnLFAndCRLFWhateverTheChunks() throws {
        try ByteToMessageDecoderVerifier.verifyDecoder(
            stringInputOutputPairs: [
                ("{\"request\":\"status\"}\n", [frame("{\"request\":\"status\"}")]),
                ("SET SELF CLIENT_NAME x:y:z\r\n", [frame("SET SELF CLIENT_NAME x:y:z")]),
                ("one\ntwo\r\n\n", [frame("one"), frame("two"), frame("")]),
                ("Blåbærsyltetøy\r\n", [frame("Blåbærsyltetøy")]),
            ],
            decoderFactory: { LineFrameDecoder(maxLineLength: 64) }
        )
    }

    /// Should report an overlong line once and go on with the next, however it arrives.
    @Test("A line over the limit is one tooLong frame, and the next line is read as usual")
    func overlongLineIsReportedOnceThenSkipped() throws {
        let long = String(repeating: "x", count: 40)
        try ByteToMessageDecoderVerifier.verifyDecoder(
            stringInputOutputPairs: [
                (long + "\nshort\n", [.tooLong(limit: 16), frame("short")]),
                (long + long + "\r\nnext\r\n", [.tooLong(limit: 16), frame("next")]),
            ],
            decoderFactory: { LineFrameDecoder(maxLineLength: 16) }
        )
    }

    /// Should never hand on a line its sender did not finish before hanging up.
    @Test("A line without its newline at the end of the connection is not a request")
    func unfinishedLineAtEndIsDropped() throws {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(LineFrameDecoder(maxLineLength: 64)))
        try channel.writeInbound(ByteBuffer(string: "done\nhalf"))
        #expect(try channel.readInbound(as: LineFrame.self) == frame("done"))
        _ = try channel.finish()
        #expect(try channel.readInbound(as: LineFrame.self) == nil)
    }
}
