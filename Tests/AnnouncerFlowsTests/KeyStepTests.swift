import AnnouncerCore
import AnnouncerVoices
import Testing
@testable import AnnouncerFlows

/// Any key in a flow (`press:`, `activate: { key: … }`), the reader's style a flow is written in, and the
/// keys `web play` passes to a page.
@Suite struct KeyStepTests {
    static let profile = PhraseComposerTests.english

    static let yaml = """
    flow: Keys
    language: en
    style: nvda
    screens:
      - id: s
        elements:
          - { id: agree, role: checkbox, label: I agree }
          - { id: ok, role: button, label: OK }
    steps:
      - press: ArrowDown
        expect: { says: "I agree, check box, not checked" }
      - press: Control+Home
        expect: { says: [] }
      - activate: { key: Space }
        expect:
          says:
            virtual: { nvda: "I agree, check box, checked", talkback: "checked, I agree, Check box. Double-tap to toggle" }
      - press: Shift+Tab
      - activate: { element: ok, key: Enter }
    """

    static func problems(_ yaml: String) -> [String] {
        if case let .failure(error) = FlowReader.read(yaml: yaml, file: "keys.en.yaml") { return error.problems.map(\.message) }
        return []
    }

    @Test("press and activate with a key read as key chords, and the flow's style is its own")
    func keysAndStyleAreRead() throws {
        let flow = try FlowReader.read(yaml: Self.yaml, file: "keys.en.yaml").get()
        #expect(flow.style == .nvda)
        #expect(flow.steps.map(\.action) == [
            .press(KeyChord(key: .arrowDown), on: nil), .press(KeyChord(modifiers: [.control], key: .home), on: nil),
            .press(KeyChord(key: .space), on: nil), .press(KeyChord(modifiers: [.shift], key: .tab), on: nil),
            .press(KeyChord(key: .enter), on: "ok"),
        ])
        #expect(flow.steps[2].expectation.saysByStyle[.talkback] == ["checked, I agree, Check box. Double-tap to toggle"])
    }

    @Test("A key that is not a key, a style that is not a reader's, and a chord without a key are each one sentence")
    func wrongKeysAndStylesAreOneSentence() {
        let wrong = Self.yaml.replacingOccurrences(of: "ArrowDown", with: "Arrowdownn").replacingOccurrences(of: "style: nvda", with: "style: jaws")
        let problems = Self.problems(wrong)
        #expect(problems.contains("The style \"jaws\" is not known; use voiceover, talkback, nvda, orca."), "\(problems)")
        #expect(problems.contains { $0.hasPrefix("\"Arrowdownn\" is not a key announce knows") }, "\(problems)")
    }

    @Test("On a described screen Tab and the arrows move as swipes, Enter and Space activate, and any other key does nothing")
    func keysOnAScreen() throws {
        var session = FlowSession(flow: try FlowReader.read(yaml: Self.yaml, file: "keys.en.yaml").get(), profile: Self.profile)
        #expect(try session.perform(.press(KeyChord(key: .arrowDown), on: nil)).map(\.text) == ["I agree, check box, not checked"])
        #expect(try session.perform(.press(KeyChord(key: .space), on: nil)).map(\.text) == ["I agree, check box, checked"])
        #expect(try session.perform(.press(KeyChord(key: .escape), on: nil)).isEmpty)
        #expect(try session.perform(.press(KeyChord(modifiers: [.control], key: .home), on: nil)).isEmpty)
        #expect(try session.perform(.press(KeyChord(key: .tab), on: nil)).map(\.text) == ["OK, button"])
        #expect(try session.perform(.press(KeyChord(modifiers: [.shift], key: .tab), on: nil)).map(\.text) == ["I agree, check box, checked"])
    }

    @Test("A flow checked in another style checks the says written for that style, and leaves the others unchecked")
    func saysAreCheckedInTheirStyle() throws {
        let flow = try FlowReader.read(yaml: Self.yaml, file: "keys.en.yaml").get()
        let nvda = flow.expecting(.nvda)
        #expect(nvda.unchecked == 0)
        #expect(nvda.flow.steps.map(\.expectation.says) == [["I agree, check box, not checked"], [], ["I agree, check box, checked"], nil, nil])
        let talkback = flow.expecting(.talkback)
        #expect(talkback.unchecked == 2)
        #expect(talkback.flow.steps.map(\.expectation.says) == [nil, nil, ["checked, I agree, Check box. Double-tap to toggle"], nil, nil])
    }

    @Test("A flow run in a style speaks in it: its own by default, another when asked")
    func sessionSpeaksInItsStyle() throws {
        let flow = try FlowReader.read(yaml: Self.yaml, file: "keys.en.yaml").get()
        var own = FlowSession(flow: flow, profile: Self.profile)
        var orca = FlowSession(flow: flow, profile: Self.profile, style: .orca)
        #expect(try own.perform(.next).map(\.text) == ["I agree, check box, not checked"])
        #expect(try orca.perform(.next).map(\.text) == ["I agree check box not checked"])
    }

    @Test("web play reads a terminal's keys for the page: arrows, Home, End, Page Up and Down, with their modifiers")
    func terminalSequencesAreKeys() {
        let chord = { (final: Character, parameters: String) in PlayKeyboard.chord(final: final.asciiValue!, parameters: parameters) }
        #expect(chord("B", "") == KeyChord(key: .arrowDown))
        #expect(chord("H", "1;5") == KeyChord(modifiers: [.control], key: .home))
        #expect(chord("~", "5") == KeyChord(key: .pageUp))
        #expect(chord("~", "6;2") == KeyChord(modifiers: [.shift], key: .pageDown))
        #expect(chord("F", "") == KeyChord(key: .end))
        #expect(chord("Z", "") == nil)
    }

    @Test("A flow file writes press and activate with a key as it reads them")
    func keysAreWrittenBack() throws {
        var flow = try FlowReader.read(yaml: Self.yaml, file: "keys.en.yaml").get()
        flow.steps = flow.steps.map { Step(action: $0.action) }
        let written = FlowFileWriter.yaml(flow)
        #expect(written.contains("style: nvda"))
        #expect(written.contains("- press: \"Control+Home\""))
        #expect(written.contains("- activate: { element: ok, key: \"Enter\" }"))
        let again = try FlowReader.read(yaml: written, file: "again.en.yaml").get()
        #expect(again.steps.map(\.action) == flow.steps.map(\.action))
    }
}
