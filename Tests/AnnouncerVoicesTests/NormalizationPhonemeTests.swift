import Foundation
import AnnouncerCore
import AnnouncerVoices
import Testing

/// The shipped profiles' normalization heard through eSpeak NG: each written form is read
/// differently from eSpeak's own reading, and exactly as the words a listener expects.
@Suite(.serialized) struct NormalizationPhonemeTests {
    /// Something written, and the words a listener expects to hear for it.
    struct Reading: Sendable, CustomTestStringConvertible {
        let written: String
        let heard: String
        var testDescription: String { "\"\(written)\" → \"\(heard)\"" }

        init(_ written: String, _ heard: String) {
            self.written = written
            self.heard = heard
        }
    }

    // Numbers in `heard` stay digits where eSpeak reads digits as the listener expects ("14",
    // "21.", "2026", "1500"): eSpeak gives a number written in words other stresses and pauses.
    static let norwegian: [Reading] = [
        Reading("kl. 14:30", "klokken fjorten tretti"),
        Reading("Kl. 14.30 i morgen", "klokken 14 30 i morgen"),
        Reading("kl. 14:05", "klokken fjorten null fem"),
        Reading("kl. 14:00", "klokken fjorten"),
        Reading("kl. 09", "klokken ni"),
        Reading("Åpent kl. 08.00–16.00", "åpent klokken åtte til seksten"),
        Reading("Åpent 08.00–16.30", "åpent åtte null null til seksten tretti"),
        Reading("21.11.2026", "21. november 2026"),
        Reading("2026-11-21", "21. november 2026"),
        Reading("Fra 3 mai", "fra 3. mai"),
        Reading("3.4. kl. 9", "tredje april klokken ni"),
        Reading("kari_nordmann@min-bank.no", "kari understrek nordmann krøllalfa min bindestrek bank punktum no"),
        Reading("https://www.nav.no/login", "nav punktum no skråstrek login"),
        Reading("f.eks. epler", "for eksempel epler"),
        Reading("bl.a. epler", "blant annet epler"),
        Reading("epler osv.", "epler og så videre."),
        Reading("ca. 5", "cirka fem"),
        Reading("nr. 5", "nummer fem"),
        Reading("dvs. at", "det vil si at"),
        Reading("jf. kap. 5", "jamfør kapittel fem"),
        Reading("500 kr inkl. mva.", "500 kroner inklusive em ve a."),
        Reading("kr 1 500", "kroner 1500"),
        Reading("912 34 567", "912, 34, 567"),
    ]

    static let english: [Reading] = [
        Reading("14:05", "fourteen oh five"),
        Reading("14:00", "fourteen hundred"),
        Reading("9:00", "nine o'clock"),
        Reading("2:00 pm", "2 PM"),
        Reading("9:00-17:30", "nine o'clock to seventeen thirty"),
        Reading("11/21/2026", "November 21st 2026"),
        Reading("2026-11-21", "November 21st 2026"),
        Reading("21 November 2026", "November 21st 2026"),
        Reading("ola.nordmann@example.com", "ola dot nordmann at example dot com"),
        Reading("https://www.nav.no/login", "nav dot no slash login"),
        Reading("e.g. apples", "for example apples"),
        Reading("i.e. apples", "that is apples"),
        Reading("apples etc.", "apples et cetera."),
        Reading("No. 5", "number five"),
        Reading("1 000 000", "one million"),
    ]

    @Test("Norwegian written forms are read in the words a Norwegian listener expects", arguments: norwegian)
    func norwegianReading(_ reading: Reading) throws {
        try expectHeard(reading, .norwegianBokmal)
    }

    @Test("English written forms are read in the words an English listener expects", arguments: english)
    func englishReading(_ reading: Reading) throws {
        try expectHeard(reading, .english)
    }

    @Test("English titles are said in full; eSpeak knows them too, but ends a clause at their full stop")
    func englishTitles() throws {
        #expect(Phonemes.profile(.english).prepare("Mr. Smith") == "Mister Smith")
        #expect(try Phonemes.prepared("Mr. Smith", .english) == (try Phonemes.raw("Mister Smith", .english)))
        #expect(try Phonemes.prepared("Dr. Smith", .english) == (try Phonemes.raw("Doctor Smith", .english)))
    }

    @Test("A Norwegian e-mail address, already read well by eSpeak, is read the same in words")
    func norwegianPlainEmail() throws {
        let prepared = try Phonemes.prepared("ola.nordmann@eksempel.no", .norwegianBokmal)
        #expect(prepared == (try Phonemes.raw("ola punktum nordmann krøllalfa eksempel punktum no", .norwegianBokmal)))
    }

    @Test("Norwegian numbers in groups of three are still read as one number")
    func norwegianGroupedNumbers() throws {
        #expect(try Phonemes.prepared("1 000 000", .norwegianBokmal) == (try Phonemes.raw("1000000", .norwegianBokmal)))
        #expect(try Phonemes.prepared("12 345,67", .norwegianBokmal) == (try Phonemes.raw("12345,67", .norwegianBokmal)))
    }

    @Test("English numbers with separators are still read as one number")
    func englishGroupedNumbers() throws {
        #expect(try Phonemes.prepared("12,345.67", .english) == (try Phonemes.raw("12345.67", .english)))
    }

    @Test("A Norwegian telephone number in pairs is read in pairs")
    func norwegianPairs() throws {
        #expect(try Phonemes.prepared("22 33 44 55", .norwegianBokmal) == (try Phonemes.raw("22, 33, 44, 55", .norwegianBokmal)).replacingOccurrences(of: "_:", with: ""))
    }

    private func expectHeard(_ reading: Reading, _ language: Language) throws {
        let raw = try Phonemes.raw(reading.written, language)
        let prepared = try Phonemes.prepared(reading.written, language)
        let expected = try Phonemes.raw(reading.heard, language)
        #expect(prepared != raw, "eSpeak already reads \"\(reading.written)\" this way: \(raw)")
        #expect(prepared == expected, "\"\(reading.written)\" was given as \"\(Phonemes.profile(language).prepare(reading.written))\"")
    }
}
