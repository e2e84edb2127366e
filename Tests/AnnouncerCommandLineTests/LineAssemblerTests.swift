import AnnouncerCommandLine
import Testing

/// How `announce pipe` cuts standard input, read in chunks of any size, into lines.
@Suite struct LineAssemblerTests {
    /// Should give the same lines whether the bytes come all at once or one at a time.
    @Test func linesDoNotDependOnHowTheInputIsChunked() {
        let input = Array("first\r\nsecond line\n\nthird".utf8)
        var whole = LineAssembler()
        let atOnce = whole.lines(in: input) + [whole.finish()].compactMap { $0 }
        var single = LineAssembler()
        var oneByOne: [LineAssembler.Line] = []
        for byte in input { oneByOne += single.lines(in: [byte]) }
        if let last = single.finish() { oneByOne.append(last) }
        #expect(atOnce.map(\.text) == ["first", "second line", "", "third"])
        #expect(oneByOne == atOnce)
    }

    /// Should leave out bytes that are not UTF-8, keep the rest of the line, and say that it did.
    @Test func invalidUTF8IsLeftOutAndFlagged() {
        var assembler = LineAssembler()
        let lines = assembler.lines(in: Array("caf".utf8) + [0xFF, 0xFE] + Array("e ok\nfine\n".utf8))
        #expect(lines == [LineAssembler.Line(text: "cafe ok", hadInvalidUTF8: true), LineAssembler.Line(text: "fine")])
    }

    /// Should give nothing more at the end when the input ended with a line ending.
    @Test func noEmptyLastLineAfterAFinalNewline() {
        var assembler = LineAssembler()
        _ = assembler.lines(in: Array("one\n".utf8))
        #expect(assembler.finish() == nil)
    }
}
