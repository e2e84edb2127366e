import AnnouncerCore
import Testing
@testable import AnnouncerEngine

/// CAP_LET_RECOGN icon: spelled text is cut at its capitals. That the cue's samples sit before each one is
/// proven on the engine's fake parts, in AnnouncerEngineSeamTests (`CapitalLetterCueOnFakeEngineTests`).
@Suite struct CapitalLetterCueTests {
    @Test("Spelled text is cut before each capital letter, and only then")
    func runsBeginAtCapitals() {
        let runs = CapitalCueRuns(text: "aBcD", reading: .characters, capitals: .sound).runs
        #expect(runs == [.init(cue: false, text: "a"), .init(cue: true, text: "Bc"), .init(cue: true, text: "D")])
        #expect(CapitalCueRuns(text: "aBc", reading: .characters, capitals: .spoken).runs == [.init(cue: false, text: "aBc")])
        #expect(CapitalCueRuns(text: "Hello World", reading: .words, capitals: .sound).runs == [.init(cue: false, text: "Hello World")])
        #expect(CapitalCueRuns(text: "shift_A", reading: .key, capitals: .sound).runs == [.init(cue: true, text: "shift_A")])
        #expect(CapitalCueRuns(text: "Tab", reading: .key, capitals: .sound).runs == [.init(cue: false, text: "Tab")])
    }
}
