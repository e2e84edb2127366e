import AnnouncerCore
import AnnouncerVoices
import Foundation
import Testing
@testable import AnnouncerEngine

/// SSML naming a language no voice speaks, on the real engine with eSpeak NG: the announcement is
/// spoken whole, that part in the announcement's language, with one warning on the timeline.
@Suite struct SSMLLanguageSpeechTests {
    @Test("<lang xml:lang=\"yi\"> keeps the announcement: every word and mark after it is spoken, and one warning says why")
    func anUnspokenLanguageIsSpokenInTheAnnouncementsLanguage() throws {
        let harness = try EngineHarness()
        var announcement = try Announcement(text: "Before shalom after", language: .english, prosody: Prosody(rate: 450), arrival: .now())
        announcement.script = SpeechScript(parts: [
            .text("Before", .plain),
            .text("shalom", SpeechStyle(language: Language(code: "yi")!)),
            .mark("after-yiddish"),
            .text("and the words after it", .plain),
            .mark("end"),
        ])
        harness.engine.submit(announcement)
        harness.finish()
        #expect(harness.outcome(of: announcement) == .spoken)
        let events = harness.timeline.events(of: announcement.id)
        let marks = events.compactMap { if case let .mark(name) = $0.kind { name } else { nil } }
        #expect(marks == ["after-yiddish", "end"])
        let warnings = events.compactMap { if case let .warning(message) = $0.kind { message } else { nil } }
        #expect(warnings == ["No voice speaks the language yi that the SSML names, so that part is spoken in en."])
    }
}
