import Testing
@testable import AnnouncerCore

/// An SSML announcement's parts in a language no voice speaks keep their words, in the announcement's language.
@Suite struct SpeechScriptLanguageTests {
    let yiddish = Language(code: "yi")!
    let klingon = Language(code: "tlh")!

    @Test("Parts in a language no voice speaks lose their language and keep their words; the languages are named once each, in order")
    func unspokenLanguagesAreReplacedAndNamed() {
        let script = SpeechScript(parts: [
            .text("Before", .plain),
            .text("shalom", SpeechStyle(language: yiddish, rate: 2)),
            .mark("after"),
            .text("nuqneH", SpeechStyle(language: klingon)),
            .sound(name: "bell", fallback: [.text("again shalom", SpeechStyle(language: yiddish))]),
            .text("hei", SpeechStyle(language: .norwegianBokmal)),
        ])
        let (kept, replaced) = script.keepingLanguages(where: { [.english, .norwegianBokmal].contains($0) })
        #expect(replaced == [yiddish, klingon])
        #expect(kept.parts == [
            .text("Before", .plain),
            .text("shalom", SpeechStyle(rate: 2)),
            .mark("after"),
            .text("nuqneH", .plain),
            .sound(name: "bell", fallback: [.text("again shalom", .plain)]),
            .text("hei", SpeechStyle(language: .norwegianBokmal)),
        ])
        #expect(kept.plainText == script.plainText)
    }

    @Test("A script whose languages are all spoken is left as it is")
    func spokenLanguagesAreKept() {
        let script = SpeechScript(parts: [.text("hei", SpeechStyle(language: .norwegianBokmal)), .text("hi", .plain)])
        let (kept, replaced) = script.keepingLanguages(where: { _ in true })
        #expect(replaced.isEmpty)
        #expect(kept == script)
    }
}
