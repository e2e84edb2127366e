import AnnouncerCore
import AnnouncerVoices
import Testing

/// The lexicons shipped in `Voices/en.yaml` and `Voices/nb.yaml`, checked against eSpeak NG's real phonemes.
@Suite struct ShippedLexiconTests {
    /// One shipped entry, read from the loaded profile, so a new entry is covered without touching this file.
    struct Shipped: Sendable, CustomTestStringConvertible {
        var language: Language
        var word: String
        var replacement: String

        var testDescription: String { "\(language) \(word)" }
    }

    static let shipped: [Shipped] = [Language.english, .norwegianBokmal].flatMap { language in
        Phonemes.profile(language).lexicon.entries.values
            .sorted { $0.word < $1.word }
            .map { Shipped(language: language, word: $0.word, replacement: $0.replacement) }
    }

    /// What a required word should sound like: eSpeak's phonemes as written, or what eSpeak says for a respelling.
    enum Expected: Sendable {
        case phonemes(String)
        case saidAs(String)
    }

    struct Pinned: Sendable, CustomTestStringConvertible {
        var language: Language
        var word: String
        var expected: Expected

        init(_ language: Language, _ word: String, _ expected: Expected) {
            self.language = language
            self.word = word
            self.expected = expected
        }

        var testDescription: String { "\(language) \(word)" }
    }

    /// The words the issue names, in both languages. Where eSpeak already says a word right
    /// (English "BankID", "NHF" in both), its own phonemes are pinned so a change is noticed.
    static let required: [Pinned] = [
        Pinned(.norwegianBokmal, "BankID", .phonemes("b'ANki:d,e:")),
        Pinned(.norwegianBokmal, "WCAG", .saidAs("W C A G")),
        Pinned(.norwegianBokmal, "VoiceOver", .phonemes("v'OIs,oUv@R")),
        Pinned(.norwegianBokmal, "TalkBack", .saidAs("tåkkbekk")),
        Pinned(.norwegianBokmal, "Blindeforbundet", .phonemes("bl'In@fORb,u-n@")),
        Pinned(.norwegianBokmal, "NHF", .phonemes(",Enh,o:'Ef")),
        Pinned(.norwegianBokmal, "e-post", .saidAs("epåst")),
        Pinned(.norwegianBokmal, "PIN", .saidAs("pinn")),
        Pinned(.norwegianBokmal, "PIN-kode", .saidAs("pinnkode")),
        Pinned(.norwegianBokmal, "Face ID", .phonemes("f'eIs ,aId'i:")),
        Pinned(.english, "BankID", .phonemes("b'aNk aId'i:")),
        Pinned(.english, "WCAG", .phonemes("d'Vb@Lju: s'i:; 'eI dZ'i:")),
        Pinned(.english, "VoiceOver", .saidAs("voiceover")),
        Pinned(.english, "TalkBack", .phonemes("t'O:k b'ak")),
        Pinned(.english, "Blindeforbundet", .phonemes("bl'In@fOrb,u:n@")),
        Pinned(.english, "NHF", .phonemes(",En,eItS'Ef")),
        Pinned(.english, "PIN", .phonemes("p'In")),
        Pinned(.english, "Face ID", .phonemes("f'eIs aId'i:")),
    ]

    @Test("Every shipped lexicon entry changes what eSpeak says for its word", arguments: shipped)
    func everyEntryChangesWhatIsSaid(_ entry: Shipped) throws {
        let raw = try Phonemes.raw(entry.word, entry.language)
        let prepared = try Phonemes.prepared(entry.word, entry.language)
        #expect(raw != prepared, "\(entry.word) → \(entry.replacement) says \(prepared), as eSpeak does alone")
    }

    @Test("Every shipped phoneme entry reaches eSpeak whole, with no phoneme the voice lacks dropped",
          arguments: shipped.filter { $0.replacement.hasPrefix("[[") })
    func phonemeEntriesAreSaidWhole(_ entry: Shipped) throws {
        let prepared = try Phonemes.prepared(entry.word, entry.language)
        let written = entry.replacement.dropFirst(2).dropLast(2)
        // eSpeak moves stress marks next to the vowel and may add ";" between phonemes; the sounds stay.
        #expect(Self.sounds(prepared) == Self.sounds(String(written)))
    }

    @Test("The required words are said as pinned", arguments: required)
    func requiredWordsAreSaidAsPinned(_ pinned: Pinned) throws {
        let prepared = try Phonemes.prepared(pinned.word, pinned.language)
        switch pinned.expected {
        case let .phonemes(phonemes):
            #expect(prepared == phonemes)
        case let .saidAs(respelling):
            #expect(prepared == (try Phonemes.raw(respelling, pinned.language)))
        }
    }

    @Test("The lexicon applies inside a sentence, next to punctuation and in compounds with a hyphen")
    func appliesInsideASentence() throws {
        let login = try Phonemes.prepared("Logg inn med BankID.", .norwegianBokmal)
        #expect(login.contains("b'ANki:d,e:"))
        let app = try Phonemes.prepared("Åpne BankID-appen", .norwegianBokmal)
        #expect(app.contains("b'ANki:d,e:"))
        #expect(app.contains("'Ap:@n"))
        let members = try Phonemes.prepared("Blindeforbundet's members use VoiceOver.", .english)
        #expect(members.contains("bl'In@fOrb,u:n@z"))
        #expect(members.contains(try Phonemes.raw("voiceover", .english)))
    }

    @Test("An acronym entry in capitals leaves the ordinary lower-case word alone")
    func acronymsMatchOnlyInCapitals() throws {
        #expect(try Phonemes.prepared("Put a pin in the map", .english) == Phonemes.raw("Put a pin in the map", .english))
        #expect(try Phonemes.prepared("en pin på kartet", .norwegianBokmal) == Phonemes.raw("en pin på kartet", .norwegianBokmal))
        #expect(try Phonemes.prepared("Skriv inn PIN", .norwegianBokmal).contains(Phonemes.raw("pinn", .norwegianBokmal)))
    }

    @Test("The date label is its visible text, and the nb profile reads its format letter by letter with the full stops heard")
    func dateFormatIsReadByTheProfile() {
        // What `announce voices --try "Dato (dd.mm.åååå)" --lang nb` gives eSpeak.
        let prepared = Phonemes.profile(.norwegianBokmal).prepare("Dato (dd.mm.åååå)")
        #expect(prepared == "Dato (d d punktum m m punktum å å å å)", "\(prepared)")
    }

    /// Phonemes without stress marks, phoneme separators and spaces.
    static func sounds(_ phonemes: String) -> String {
        phonemes.filter { !"',; ".contains($0) }
    }
}
