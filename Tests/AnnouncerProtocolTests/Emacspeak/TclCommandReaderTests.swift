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

    @Test("A command whose braces stay open is dropped after 1 MB with one sentence; the rest of it is skipped to where they close, and reading goes on")
    func runawayCommandIsDropped() {
        var reader = TclCommandReader()
        #expect(reader.take("q {never closed") == .incomplete)
        let chunk = Substring(String(repeating: "x", count: 64 * 1024))
        var result = TclCommandReader.Result.incomplete
        for _ in 0..<20 where result == .incomplete { result = reader.take(chunk) }
        #expect(result == .problem("A command over 1024 KB long, its braces still open, was skipped, up to where they close."))
        // Lines inside the dropped command are not commands of their own, whatever they say.
        for line in ["exit", "s", "q {a nested {pair}", "} d", String(repeating: "y", count: 64 * 1024)] {
            #expect(reader.take(Substring(line)) == .incomplete, "\(line.prefix(10))")
        }
        #expect(reader.take("}") == .incomplete, "the brace that closes the dropped command ends it")
        #expect(!reader.isInsideCommand)
        #expect(reader.finish() == nil, "what was dropped was said once, not again at the end")
        #expect(reader.take("d") == .command(["d"]))
    }

    @Test("A single line over 1 MB with its braces closed is one sentence, and the next line is read")
    func overlongLineIsDropped() {
        var reader = TclCommandReader()
        #expect(reader.take(Substring("q {" + String(repeating: "x", count: 1 << 20) + "}")) == .problem("A command over 1024 KB long was skipped."))
        #expect(reader.take("d") == .command(["d"]))
    }

    @Test("A brace left open over 50,000 short lines is gathered line by line, and its closing brace gives every line as one word",
          .timeLimit(.minutes(1)))
    func longOpenBraceIsGatheredInOnePass() {
        // Scanning the whole command again for each line made this quadratic: 39.6 s for 50,000 lines.
        var reader = TclCommandReader()
        #expect(reader.take("q {") == .incomplete)
        var incomplete = 0
        for number in 0..<50_000 where reader.take(Substring("line \(number)")) == .incomplete { incomplete += 1 }
        #expect(incomplete == 50_000)
        guard case let .command(words) = reader.take("}") else { Issue.record("the brace did not close the command"); return }
        #expect(words.count == 2 && words[0] == "q")
        let lines = words[1].split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 50_002 && lines[1] == "line 0" && lines[50_000] == "line 49999")
    }

    @Test("A backslash at the end of a line escapes the newline, not the brace on the next line")
    func escapeAtTheEndOfALine() {
        var reader = TclCommandReader()
        #expect(reader.take(#"q {a\"#) == .incomplete)
        #expect(reader.take("}") == .command(["q", "a\\\n"]))
    }

    @Test("At the end of the input a command whose braces never closed is one sentence, not lost without a word")
    func unclosedCommandAtTheEndIsSaid() {
        var reader = TclCommandReader()
        #expect(reader.finish() == nil)
        #expect(reader.take("q {never closed") == .incomplete)
        #expect(reader.finish() == .problem("The input ended inside a command whose braces never closed, so that command was skipped."))
        #expect(!reader.isInsideCommand)
    }
}

