import AnnouncerCore
@testable import AnnouncerVoices
import Testing

@Suite struct SpellingTests {
    let table = SpellingTable(
        characterNames: ["a": "[['eI]]", "@": "at sign", " ": "space", ".": "dot"],
        capital: "capital {letter}"
    )

    @Test("Each character becomes one item, separated by spaces")
    func oneItemPerCharacter() {
        #expect(table.spell("b.c") == "b dot c")
    }

    @Test("A capital letter is the capital template around its small letter's name")
    func capitalLetter() {
        #expect(table.spell("A") == "capital [['eI]]")
        #expect(table.spell("Bb") == "capital b b")
        #expect(table.spell("É") == "capital é")
    }

    @Test("A capital letter is read as its small letter when capitals are marked by a sound or not at all")
    func capitalLetterUnmarked() {
        #expect(table.spell("Ab", capitals: .sound) == "[['eI]] b")
        #expect(table.spell("ÉB", capitals: .unmarked) == "é b")
    }

    @Test("A lone space is spelled as its name")
    func loneSpace() {
        #expect(table.spell(" ") == "space")
    }

    @Test("Digits and letters of other scripts go to eSpeak as they are")
    func digitsAndOtherScripts() {
        #expect(table.spell("1ж") == "1 ж")
    }

    @Test("A character without a name is said by its Unicode name, never dropped")
    func unknownCharacterByUnicodeName() {
        #expect(table.spell("😀") == "grinning face")
        #expect(table.spell("✓") == "check mark")
        #expect(table.spell("❤️") == "heavy black heart")
        #expect(table.spell("\u{7}") == "u+7")
    }

    @Test("The separator comes from the table")
    func separator() {
        var commas = table
        commas.separator = ", "
        #expect(commas.spell("bc") == "b, c")
    }

    @Test("A client's [[ is spelled as brackets, never passed on as phonemes")
    func clientPhonemesAreSpelled() {
        let profile = VoiceProfile(
            language: .english, espeakVoice: "en",
            spelling: SpellingTable(characterNames: ["[": "left bracket", "]": "right bracket"]))
        #expect(profile.prepare("[[x]]", spelled: true) == "left bracket left bracket x right bracket right bracket")
    }

    @Test("A spelling section adds, replaces and removes names over an earlier file")
    func sectionOverridesEarlierFile() throws {
        var profiles: [Language: VoiceProfile] = [:]
        let first = """
            language: en
            espeak_voice: en
            spelling:
              capital: "capital {letter}"
              characters:
                "@": at
                "#": hash
            """
        let second = """
            language: en
            spelling:
              characters:
                "@": at sign
                "#": null
            """
        #expect(VoiceProfileReader.apply(yaml: first, file: "a.yaml", to: &profiles).isEmpty)
        #expect(VoiceProfileReader.apply(yaml: second, file: "b.yaml", to: &profiles).isEmpty)
        let spelling = try #require(profiles[.english]).spelling
        #expect(spelling.name(of: "@") == "at sign")
        #expect(spelling.name(of: "#") == nil)
        #expect(spelling.capital == "capital {letter}")
    }

    @Test("A malformed spelling section reports the line of the mistake")
    func malformedSectionReportsLine() {
        var profiles: [Language: VoiceProfile] = [:]
        let yaml = """
            language: en
            espeak_voice: en
            spelling:
              capital: "capital"
              characters:
                "ab": two letters
            """
        let problems = VoiceProfileReader.apply(yaml: yaml, file: "en.yaml", to: &profiles)
        #expect(problems.map(\.line) == [4, 6])
        #expect(problems.first?.message.contains("{letter}") == true)
        #expect(profiles.isEmpty)
    }
}

/// Spelling through the shipped profiles and eSpeak's real phonemes.
@Suite struct SpellingPhonemeTests {
    @Test("English spelled abc reads three letter names, the a not as the article")
    func englishABC() throws {
        let spelled = try Phonemes.prepared("abc", .english, spelled: true)
        #expect(spelled.contains("'eI"))
        #expect(!spelled.contains("a#"))
        #expect(spelled.contains("b'i:") && spelled.contains("s'i:"))
    }

    @Test("Norwegian spelled abc reads three letter names")
    func norwegianABC() throws {
        let spelled = try Phonemes.prepared("abc", .norwegianBokmal, spelled: true)
        #expect(spelled == "'A: b'e: s'e:")
    }

    @Test("Every letter and digit is read by its stressed name among other letters",
          arguments: [
              (Language.english, "abcdefghijklmnopqrstuvwxyz0123456789"),
              (Language.norwegianBokmal, "abcdefghijklmnopqrstuvwxyzæøå0123456789"),
          ])
    func everyLetterByName(language: Language, characters: String) throws {
        for character in characters {
            // eSpeak reads a letter alone as its name; among other letters it must sound the same.
            let alone = try Phonemes.raw(String(character), language)
            let spelled = try Phonemes.prepared("x\(character)x", language, spelled: true)
            #expect(spelled.contains(alone), "\(language) \(character): \(spelled) lacks \(alone)")
        }
    }

    @Test("A capital is capital A in English and stor A in Norwegian")
    func capitalA() throws {
        #expect(try Phonemes.prepared("A", .english, spelled: true) == Phonemes.raw("capital [['eI]]", .english))
        #expect(try Phonemes.prepared("A", .english, spelled: true).hasPrefix("k'apIt@L"))
        #expect(try Phonemes.prepared("A", .norwegianBokmal, spelled: true) == Phonemes.raw("stor A", .norwegianBokmal))
    }

    @Test("@ is at sign in English and krøllalfa in Norwegian")
    func atSign() throws {
        #expect(try Phonemes.prepared("@", .english, spelled: true) == Phonemes.raw("at sign", .english))
        #expect(try Phonemes.prepared("@", .norwegianBokmal, spelled: true) == Phonemes.raw("krøllalfa", .norwegianBokmal))
    }

    @Test("A lone space is space in English and mellomrom in Norwegian")
    func space() throws {
        #expect(try Phonemes.prepared(" ", .english, spelled: true) == Phonemes.raw("space", .english))
        #expect(try Phonemes.prepared(" ", .norwegianBokmal, spelled: true) == Phonemes.raw("mellomrom", .norwegianBokmal))
    }

    @Test("Og-tegn is said as å-tegn")
    func ampersandInNorwegian() throws {
        #expect(try Phonemes.prepared("&", .norwegianBokmal, spelled: true) == "'o:t,ENn")
    }

    @Test("Every ASCII mark has a name in both shipped profiles",
          arguments: [Language.english, .norwegianBokmal])
    func everyASCIIMarkNamed(language: Language) {
        let spelling = Phonemes.profile(language).spelling
        let marks = (0x21...0x7E).compactMap(Unicode.Scalar.init).map(Character.init)
            .filter { !$0.isLetter && !$0.isNumber }
        #expect(marks.filter { spelling.name(of: $0) == nil }.isEmpty)
    }

    @Test("An emoji is said by its name in Norwegian too, where eSpeak would say nothing")
    func emojiInNorwegian() throws {
        #expect(try Phonemes.raw("😀", .norwegianBokmal).isEmpty)
        #expect(try !Phonemes.prepared("😀", .norwegianBokmal, spelled: true).isEmpty)
    }
}
