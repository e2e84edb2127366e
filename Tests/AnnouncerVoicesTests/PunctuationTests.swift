import AnnouncerCore
@testable import AnnouncerVoices
import Testing

@Suite struct PunctuationTests {
    let spelling = SpellingTable(characterNames: [
        "@": "at sign", "%": "percent", ",": "comma", ".": "dot", "!": "bang", "-": "dash", "'": "apostrophe", "/": "slash",
    ])
    let table = PunctuationTable(marks: [
        "%": .always, "@": .some, "/": .some, ",": .all, ".": .all, "!": .all, "-": .all, "'": .all,
    ])

    func apply(_ text: String, _ level: PunctuationLevel) -> String {
        table.apply(to: text, level: level, spelling: spelling)
    }

    @Test("At none no mark is named, and a some-level symbol becomes a space so eSpeak does not name it")
    func none() {
        #expect(apply("Hi, ola@nav.no!", .none) == "Hi, ola nav.no!")
    }

    @Test("At some the symbols are named and sentence punctuation is left to eSpeak")
    func some() {
        #expect(apply("Hi, ola@nav.no!", .some) == "Hi, ola at sign nav.no!")
    }

    @Test("At all every mark is named, and a mark that ends a clause is kept after its name for the pause")
    func all() {
        #expect(apply("Hi, ola@nav.no!", .all) == "Hi comma, ola at sign nav dot no bang!")
    }

    @Test("Signs that stand for words are named at every level")
    func always() {
        for level in PunctuationLevel.allCases {
            #expect(apply("50% off", level) == "50 percent off")
        }
    }

    @Test("A number's separators are left to eSpeak at every level")
    func numbersStayWhole() {
        for level in PunctuationLevel.allCases {
            #expect(apply("3,5 and 12.30", level) == "3,5 and 12.30")
        }
    }

    @Test("At none a symbol between digits is left to eSpeak, which reads the number with it")
    func symbolInNumberAtNone() {
        #expect(apply("3/4", .none) == "3/4")
        #expect(apply("and/or", .none) == "and or")
    }

    @Test("At all a hyphen inside a word is named, and an apostrophe inside a word is not")
    func wordInternalMarks() {
        #expect(apply("e-post", .all) == "e dash post")
        #expect(apply("don't", .all) == "don't")
        #expect(apply("'quoted'", .all) == "apostrophe quoted apostrophe")
    }

    @Test("Phoneme runs are never touched")
    func phonemeRunsLeftAlone() {
        #expect(apply("[[h@'l,oU]] @", .some) == "[[h@'l,oU]] at sign")
        #expect(apply("[[a,b.c]]", .all) == "[[a,b.c]]")
    }

    @Test("A punctuation list replaces the earlier file's list for that level, and its marks leave other levels")
    func sectionOverridesEarlierFile() throws {
        var profiles: [Language: VoiceProfile] = [:]
        let first = """
            language: en
            espeak_voice: en
            spelling:
              characters: {"@": at sign, "#": hash, ",": comma}
            punctuation:
              some: '@ #'
              all: ','
            """
        let second = """
            language: en
            punctuation:
              all: ', #'
            """
        #expect(VoiceProfileReader.apply(yaml: first, file: "a.yaml", to: &profiles).isEmpty)
        #expect(VoiceProfileReader.apply(yaml: second, file: "b.yaml", to: &profiles).isEmpty)
        let marks = try #require(profiles[.english]).punctuation.marks
        #expect(marks == ["@": .some, "#": .all, ",": .all])
    }

    @Test("A malformed punctuation section reports its line")
    func malformedSectionReportsLine() {
        var profiles: [Language: VoiceProfile] = [:]
        let yaml = """
            language: en
            espeak_voice: en
            spelling:
              characters: {"@": at sign}
            punctuation:
              some: '@ ab'
              most: '.'
            """
        let problems = VoiceProfileReader.apply(yaml: yaml, file: "en.yaml", to: &profiles)
        #expect(problems.map(\.line) == [6, 7])
        #expect(profiles.isEmpty)
    }

    @Test("A mark without a spelling name is reported at the punctuation section")
    func unnamedMarkReported() {
        var profiles: [Language: VoiceProfile] = [:]
        let yaml = """
            language: en
            espeak_voice: en
            punctuation:
              some: '@'
            """
        let problems = VoiceProfileReader.apply(yaml: yaml, file: "en.yaml", to: &profiles)
        #expect(problems.map(\.line) == [4])
        #expect(problems.first?.message.contains("\"@\"") == true)
    }
}

/// Punctuation through the shipped profiles and eSpeak's real phonemes.
@Suite struct PunctuationPhonemeTests {
    /// The @ stands alone: an e-mail address is read whole by normalization at every level.
    static let sentence = "Hei, Kari! Send e-post til ola @ nav."

    @Test("The three levels sound different", arguments: [Language.english, .norwegianBokmal])
    func levelsDiffer(language: Language) throws {
        let none = try Phonemes.prepared(Self.sentence, language, punctuation: .none)
        let some = try Phonemes.prepared(Self.sentence, language, punctuation: .some)
        let all = try Phonemes.prepared(Self.sentence, language, punctuation: .all)
        #expect(Set([none, some, all]).count == 3, "\(none) | \(some) | \(all)")
    }

    @Test("Some names @ but not the comma", arguments: [
        (Language.english, "at sign", "comma"),
        (Language.norwegianBokmal, "krøllalfa", "komma"),
    ])
    func someNamesAtButNotComma(language: Language, at: String, comma: String) throws {
        let some = try Phonemes.prepared(Self.sentence, language, punctuation: .some)
        #expect(some.contains(try Phonemes.raw(at, language)))
        #expect(!some.contains(try Phonemes.raw(comma, language)))
        let all = try Phonemes.prepared(Self.sentence, language, punctuation: .all)
        #expect(all.contains(try Phonemes.raw(comma, language)))
    }

    @Test("None does not let eSpeak read @ by itself", arguments: [
        (Language.english, "_at_"),
        (Language.norwegianBokmal, "kR'WllAlf,A"),
    ])
    func noneSilencesAt(language: Language, espeaksOwn: String) throws {
        #expect(try Phonemes.raw("ola @ nav", language).contains(espeaksOwn))
        #expect(try !Phonemes.prepared("ola @ nav", language, punctuation: .none).contains(espeaksOwn))
    }

    @Test("An e-mail address is read whole at every level, @ included", arguments: [Language.english, .norwegianBokmal])
    func emailAddressIsReadWholeAtEveryLevel(language: Language) throws {
        let none = try Phonemes.prepared("ola@nav.no", language, punctuation: .none)
        #expect(try none == Phonemes.prepared("ola@nav.no", language, punctuation: .some))
        #expect(none.contains(try Phonemes.raw(language == .english ? "at" : "krøllalfa", language)))
    }

    @Test("Norwegian all reads the sentence with every mark named")
    func norwegianAll() throws {
        let profile = Phonemes.profile(.norwegianBokmal)
        #expect(profile.punctuation.apply(to: Self.sentence, level: .all, spelling: profile.spelling)
            == "Hei komma, Kari utropstegn! Send e bindestrek post til ola krøllalfa nav punktum.")
    }

    @Test("A decimal comma is still read as part of the number at all", arguments: [Language.english, .norwegianBokmal])
    func decimalCommaAtAll(language: Language) throws {
        #expect(try Phonemes.prepared("3,5", language, punctuation: .all) == Phonemes.raw("3,5", language))
    }
}
