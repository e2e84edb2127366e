@testable import AnnouncerProtocol
import Testing

/// Emacspeak's commands read as its Tcl servers read them.
@Suite struct TclCommandReaderTests {
    func words(_ line: String) -> TclCommandReader.Result {
        var reader = TclCommandReader()
        return reader.take(Substring(line))
    }

    @Test("Braces make one word taken as written; bare words split on spaces")
    func bracesAreOneLiteralWord() {
        #expect(words("q {Hello from Emacspeak }") == .command(["q", "Hello from Emacspeak "]))
        #expect(words("tts_sync_state all 0 0 1 175") == .command(["tts_sync_state", "all", "0", "0", "1", "175"]))
        #expect(words("a /usr/share/emacs/site-lisp/emacspeak/sounds/pan-chimes/item.wav")
            == .command(["a", "/usr/share/emacs/site-lisp/emacspeak/sounds/pan-chimes/item.wav"]))
    }

    @Test("Nested braces are kept; escaped braces keep their backslash and do not count; nothing is substituted")
    func nestedAndEscapedBraces() {
        #expect(words("c {<voice {x}>}") == .command(["c", "<voice {x}>"]))
        #expect(words(#"q {a \} b}"#) == .command(["q", #"a \} b"#]))
        #expect(words("q {$HOME [exec rm] ;}") == .command(["q", "$HOME [exec rm] ;"]))
    }

    @Test("An empty brace is an empty word, and an empty line is no command")
    func emptyWords() {
        #expect(words("c {}") == .command(["c", ""]))
        #expect(words("   ") == .command([]))
    }

    @Test("Double quotes make one word with backslash escapes read, as Fenrir sends tts_say")
    func doubleQuotes() {
        #expect(words(#"tts_say "Hello \"world\" ok""#) == .command(["tts_say", #"Hello "world" ok"#]))
        #expect(words(#"tts_say "unclosed"#) == .problem("A double quote was never closed."))
    }

    @Test("A command whose braces are open goes on over the next lines, newlines kept")
    func commandsSpanLines() {
        var reader = TclCommandReader()
        #expect(reader.take("q {first line") == .incomplete)
        #expect(reader.isInsideCommand)
        #expect(reader.take("second line}") == .command(["q", "first line\nsecond line"]))
        #expect(!reader.isInsideCommand)
        #expect(reader.take("d") == .command(["d"]))
    }

    @Test("A command whose braces never close is dropped after 1 MB, with one sentence, and reading goes on")
    func runawayCommandIsDropped() {
        var reader = TclCommandReader()
        #expect(reader.take("q {never closed") == .incomplete)
        let chunk = Substring(String(repeating: "x", count: 64 * 1024))
        var result = TclCommandReader.Result.incomplete
        for _ in 0..<20 where result == .incomplete { result = reader.take(chunk) }
        guard case let .problem(sentence) = result else { Issue.record("never dropped: \(result)"); return }
        #expect(sentence.contains("1024 KB"))
        #expect(reader.take("d") == .command(["d"]))
    }
}
