import AnnouncerCore
import AnnouncerVoices
import Foundation
import Testing

/// English inside Bokmål text, found by the shipped word lists and scored on the corpus in
/// `Voices/samples/`.
@Suite struct LanguageSwitchingTests {
    static let voices = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Voices").path

    let switcher = LanguageSwitcher.shipped(inVoicesDirectory: Self.voices)!

    private func segments(_ text: String) -> [String] {
        switcher.segments(of: text, in: .norwegianBokmal).map(\.description)
    }

    @Test("An English error inside a Bokmål sentence is spoken in English, the rest in Bokmål")
    func anEnglishErrorInsideBokmalSwitches() {
        #expect(segments("Feil: Network request failed") == ["nb: Feil: ", "en: Network request failed"])
    }

    @Test("Words both languages have stay Bokmål on their own, and stand inside an English phrase")
    func sharedWordsStayBokmalButJoinEnglishPhrases() {
        #expect(segments("Start oppdateringen nå") == ["nb: Start oppdateringen nå"])
        #expect(segments("Data er lagret") == ["nb: Data er lagret"])
        #expect(segments("Feil: Failed to fetch") == ["nb: Feil: ", "en: Failed to fetch"])
    }

    @Test("A single English word switches only when it is clearly foreign, and names stay Bokmål")
    func aSingleWordSwitchesOnlyWhenClearlyForeign() {
        #expect(segments("Svar fra serveren: Unauthorized") == ["nb: Svar fra serveren: ", "en: Unauthorized"])
        #expect(segments("Abonnementet er Paused") == ["nb: Abonnementet er ", "en: Paused"])
        #expect(segments("Status: in") == ["nb: Status: in"])
        #expect(segments("Vipps er sendt til Ola Nordmann") == ["nb: Vipps er sendt til Ola Nordmann"])
    }

    @Test("English text in another announcement language is left alone")
    func onlyBokmalAnnouncementsAreSearched() {
        #expect(switcher.segments(of: "Network request failed", in: .english).map(\.description) == ["en: Network request failed"])
    }

    @Test("A text with thousands of switches switches at most once per three words")
    func switchesAreBoundedByWordCount() {
        let text = Array(repeating: "nettverket network failed", count: 2_000).joined(separator: " og ")
        let switched = switcher.segments(of: text, in: .norwegianBokmal).filter { $0.language == .english }
        #expect(switched.count <= (text.split(separator: " ").count + 2) / 3)
        #expect(switched.count > 100)
    }

    @Test("No Bokmål string of the corpus switches, and the English inside the others is found")
    func theCorpusScores() throws {
        var pure = SwitchingScore()
        pure.add(corpus: try String(contentsOfFile: "\(Self.voices)/samples/pure-nb.txt", encoding: .utf8), switcher: switcher)
        var mixed = SwitchingScore()
        mixed.add(corpus: try String(contentsOfFile: "\(Self.voices)/samples/mixed-nb.txt", encoding: .utf8), switcher: switcher)
        print("Pure: \(pure.strings) strings, \(pure.wronglySwitched.count) switched: \(pure.wronglySwitched)")
        print("Mixed: \(mixed.strings) strings; phrases \(mixed.phrasesRight) right of \(mixed.phrasesFound) found, \(mixed.phrasesExpected) expected; words \(mixed.wordsRight) right of \(mixed.wordsFound) found, \(mixed.wordsExpected) expected")
        #expect(pure.strings == 50)
        #expect(mixed.strings >= 150)
        #expect(pure.wronglySwitched.isEmpty)
        #expect(mixed.phrasePrecision >= 0.8)
        #expect(mixed.wordPrecision >= 0.9)
    }
    @Test("A word the Bokmål profile names in english_words switches alone, where the lists would keep it Bokmål")
    func profileNamedWordsSwitchAlone() {
        #expect(segments("Slå på Bluetooth") == ["nb: Slå på Bluetooth"])
        #expect(switcher.segments(of: "Slå på Bluetooth", in: .norwegianBokmal, naming: ["Bluetooth"]).map(\.description)
            == ["nb: Slå på ", "en: Bluetooth"])
        // The shipped Bokmål profile names it, and a user's profile adds to the list.
        var library = VoiceLibrary.standard()
        #expect(library.segments(of: "Koble til Wi-Fi", in: .norwegianBokmal).map(\.description) == ["nb: Koble til ", "en: Wi-Fi"])
        #expect(library.segments(of: "Åpne Vipps", in: .norwegianBokmal).map(\.description) == ["nb: Åpne Vipps"])
        #expect(library.apply(yaml: "language: nb\nenglish_words: [Vipps]\n", file: "user/nb.yaml").isEmpty)
        #expect(library.segments(of: "Åpne Vipps", in: .norwegianBokmal).map(\.description) == ["nb: Åpne ", "en: Vipps"])
        #expect(library.segments(of: "Koble til Wi-Fi", in: .norwegianBokmal).map(\.description) == ["nb: Koble til ", "en: Wi-Fi"])
    }

    @Test("An english_words entry of two words is one sentence naming it, and the profile is left as it was")
    func aPhraseInEnglishWordsIsRefused() {
        var library = VoiceLibrary.standard()
        let problems = library.apply(yaml: "language: nb\nenglish_words: [Apple Pay]\n", file: "user/nb.yaml")
        #expect(problems.map(\.message) == [#"Each of english_words is one word, without spaces; give "Apple Pay" as Apple and Pay."#])
        #expect(library.profile(for: .norwegianBokmal)?.englishWords.contains("Apple Pay") == false)
    }

    @Test("English inside an SSML announcement's Bokmål text gets its own part; text whose element names a language is left as named")
    func ssmlTextIsSearchedUnlessItsLanguageIsNamed() {
        let library = VoiceLibrary.standard()
        let parts: [SpeechPart] = [
            .text("Feil: Network request failed", .plain),
            .mark("after"),
            .text("Network request failed", SpeechStyle(language: .norwegianBokmal)),
            .text("Feil", SpeechStyle(reading: .characters)),
            .sound(name: "error", fallback: [.text("Lyd: Request failed", .plain)]),
        ]
        #expect(library.segmentingLanguages(in: parts, of: .norwegianBokmal) == [
            .text("Feil: ", .plain),
            .text("Network request failed", SpeechStyle(language: .english)),
            .mark("after"),
            .text("Network request failed", SpeechStyle(language: .norwegianBokmal)),
            .text("Feil", SpeechStyle(reading: .characters)),
            .sound(name: "error", fallback: [.text("Lyd: ", .plain), .text("Request failed", SpeechStyle(language: .english))]),
        ])
        #expect(library.segmentingLanguages(in: parts, of: Language(code: "de")!) == parts)
        // English markup is searched for Bokmål the same way.
        #expect(library.segmentingLanguages(in: [.text("Tap Logg inn to continue", .plain)], of: .english) == [
            .text("Tap ", .plain), .text("Logg inn", SpeechStyle(language: .norwegianBokmal)), .text(" to continue", .plain),
        ])
        var off = library
        off.switchesLanguage = false
        #expect(off.segmentingLanguages(in: parts, of: .norwegianBokmal) == parts)
    }
    @Test("Bokmål inside an English announcement is spoken in Bokmål: interface words and words with æ, ø or å, never the words both languages share alone")
    func bokmalInsideEnglishSwitches() {
        func english(_ text: String) -> [String] { switcher.segments(of: text, in: .english).map(\.description) }
        #expect(english("Tap Logg inn to continue") == ["en: Tap ", "nb: Logg inn", "en:  to continue"])
        #expect(english("The error says: Brukernavnet er feil") == ["en: The error says: ", "nb: Brukernavnet er feil"])
        #expect(english("Men and women") == ["en: Men and women"])
        #expect(english("New message from Ola Nordmann") == ["en: New message from Ola Nordmann"])
        #expect(english("Select Åpne") == ["en: Select ", "nb: Åpne"])
    }

    @Test("No English string of the English corpus switches, and the Bokmål inside the others is found")
    func theEnglishCorpusScores() throws {
        var pure = SwitchingScore()
        pure.add(corpus: try String(contentsOfFile: "\(Self.voices)/samples/pure-en.txt", encoding: .utf8), switcher: switcher, in: .english)
        var mixed = SwitchingScore()
        mixed.add(corpus: try String(contentsOfFile: "\(Self.voices)/samples/mixed-en.txt", encoding: .utf8), switcher: switcher, in: .english)
        print("Pure English: \(pure.strings) strings, \(pure.wronglySwitched.count) switched: \(pure.wronglySwitched)")
        print("English with Bokmål: \(mixed.strings) strings; phrases \(mixed.phrasesRight) right of \(mixed.phrasesFound) found, \(mixed.phrasesExpected) expected; words \(mixed.wordsRight) right of \(mixed.wordsFound) found, \(mixed.wordsExpected) expected")
        #expect(pure.strings == 50)
        #expect(mixed.strings >= 40)
        #expect(pure.wronglySwitched.isEmpty)
        #expect(mixed.phrasePrecision >= 0.8)
        #expect(mixed.wordPrecision >= 0.9)
    }
}
