import AnnouncerCore
import Testing
@testable import AnnouncerFlows

/// What a real screen reader says for a step: `says: { orca: … }` in flow files, compared as a reader
/// splits and punctuates its speech, and checked against what it said with its times.
@Suite struct RealReaderExpectationTests {
    static let header = "flow: Reader\nlanguage: en\npage: page.html\nsteps:\n"

    static func steps(_ yaml: String) throws -> [Step] {
        try FlowReader.read(yaml: header + yaml, file: "reader.yaml").get().steps
    }

    static func said(_ texts: [String], key: UInt64 = 1_000_000, firstAudioAfter: UInt64 = 60_000) -> [ReaderUtterance] {
        texts.enumerated().map { index, text in
            let received = key + 50_000 + UInt64(index) * 1_000
            return ReaderUtterance(text: text, keySent: key, received: received, firstAudio: received + firstAudioAfter - 50_000, outcome: "spoken")
        }
    }

    @Test("says names the virtual reader's phrases and Orca's apart; a plain string stays the virtual reader's")
    func saysMappingSeparatesTheReaders() throws {
        let steps = try Self.steps("""
              - next:
                expect: { says: { virtual: "Olives, checkbox, off", orca: ["Pizza toppings panel.", "Olives check box not checked."] } }
              - activate:
                expect: { says: "checked" }
            """)
        #expect(steps[0].expectation.says == ["Olives, checkbox, off"])
        #expect(steps[0].expectation.saysByReader[.orca] == ["Pizza toppings panel.", "Olives check box not checked."])
        #expect(steps[1].expectation.says == ["checked"])
        #expect(steps[1].expectation.saysByReader.isEmpty)
    }

    @Test("A reader says cannot name is one sentence naming the readers it can")
    func unknownReaderIsOneSentence() {
        guard case let .failure(error) = FlowReader.read(yaml: Self.header + "  - next:\n    expect: { says: { jaws: \"Olives\" } }\n", file: "reader.yaml") else {
            Issue.record("a flow naming jaws was read")
            return
        }
        #expect(error.problems.map(\.message).contains("\"jaws\" is not a screen reader says can name; use virtual or orca."))
    }

    @Test("A reader's phrases match however it splits and punctuates them, and in any case")
    func phrasingIgnoresSplitsPunctuationAndCase() {
        #expect(ReaderPhrasing.matches(expected: ["Pizza toppings panel. List with 2 items. Olives check box not checked"],
                                       said: ["Pizza toppings panel.", "List with 2 items.", "Olives check box not checked."]))
        #expect(ReaderPhrasing.matches(expected: ["show alert push button"], said: ["Show alert push button."]))
        #expect(!ReaderPhrasing.matches(expected: ["not checked"], said: ["checked"]))
        #expect(!ReaderPhrasing.matches(expected: ["Olives check box"], said: ["Olives check box not checked."]))
    }

    @Test("What Orca said differently fails in one sentence that names what it said")
    func differentSpeechFailsNamingWhatWasSaid() throws {
        let step = try Self.steps("  - activate:\n    expect: { says: { orca: \"not checked\" } }\n")[0]
        let results = FlowChecker.evaluate(step, number: 3, action: "activate", reader: .orca, said: Self.said(["checked"]), announcements: [])
        #expect(results.count == 1)
        #expect(results[0].passed == false)
        #expect(results[0].message == "Orca said \"checked\", not \"not checked\".")
    }

    @Test("What Orca said as expected passes, with its first audio timed from the key")
    func expectedSpeechPassesWithItsLatency() throws {
        let step = try Self.steps("  - activate:\n    expect: { says: { orca: \"Checked\" } }\n")[0]
        let results = FlowChecker.evaluate(step, number: 3, action: "activate", reader: .orca, said: Self.said(["checked"]), announcements: [])
        #expect(results.map(\.passed) == [true])
        #expect(results[0].latencyMilliseconds == 60)
    }

    @Test("within_ms is checked on Orca's utterance that carries the step's announcement, with both shares of the time")
    func withinIsCheckedOnTheReadersAnnouncement() throws {
        let step = try Self.steps("  - activate:\n    expect: { within_ms: 100 }\n")[0]
        let late = Self.said(["Show alert push button.", "Hello"], firstAudioAfter: 150_000)
        let results = FlowChecker.evaluate(step, number: 2, action: "activate", reader: .orca, said: late, announcements: ["Hello"])
        #expect(results.count == 1)
        #expect(results[0].passed == false)
        #expect(results[0].message.hasPrefix("Orca's \"Hello\" began 151.0 ms after the key; the limit is 100 ms. Too late. (Orca sent it 51.0 ms after the key; its first audio came 100.0 ms later)"))
    }

    @Test("A step that expects nothing of the reader checks nothing of it")
    func noExpectationNoResult() throws {
        let step = try Self.steps("  - next\n")[0]
        #expect(FlowChecker.evaluate(step, number: 1, action: "next", reader: .orca, said: Self.said(["Anything"]), announcements: []).isEmpty)
    }

    @Test("Key chords read as flow files and the command line write them, and a wrong one is one sentence")
    func keyChordsParse() throws {
        #expect(try KeyChord.parse("Shift+Tab").get() == KeyChord(modifiers: [.shift], key: .tab))
        #expect(try KeyChord.parse("control+home").get() == KeyChord(modifiers: [.control], key: .home))
        #expect(try KeyChord.parse("ArrowDown").get().key.keysym == 0xFF54)
        #expect(try KeyChord.parse("ø").get().key.keysym == 0xF8)
        #expect(try KeyChord.parse("€").get().key.keysym == 0x0100_20AC)
        #expect(try KeyChord.parse("+").get().key == .character("+"))
        guard case let .failure(problem) = KeyChord.parse("Tab+Enter") else { Issue.record("Tab+Enter was read"); return }
        #expect(problem.description == "Tab is not a modifier, so it cannot be held with another key; only Shift, Control, Alt and Meta can.")
    }
}
