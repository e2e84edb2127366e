import AnnouncerVoices
import Testing

@Suite struct LexiconTests {
    let lexicon = Lexicon([
        .init(word: "PIN", replacement: "pin code"),
        .init(word: "Face ID", replacement: "face eye dee"),
        .init(word: "Face", replacement: "FACE"),
        .init(word: "e-post", replacement: "epost"),
        .init(word: "BankID", replacement: "[[b'ANkId'e:]]"),
    ])

    @Test func replacesWholeWordsOnly() {
        #expect(lexicon.apply(to: "Your PIN, please") == "Your pin code, please")
        #expect(lexicon.apply(to: "PINS and SPIN") == "PINS and SPIN")
    }

    @Test func acronymInCapitalsMatchesOnlyInCapitals() {
        #expect(lexicon.apply(to: "a pin in the map") == "a pin in the map")
    }

    @Test func otherEntriesMatchInAnyCase() {
        #expect(lexicon.apply(to: "E-POST sendt") == "epost sendt")
    }

    @Test func longestEntryWinsAtTheSamePlace() {
        #expect(lexicon.apply(to: "Use Face ID now") == "Use face eye dee now")
        #expect(lexicon.apply(to: "Face it") == "FACE it")
    }

    @Test func phonemeReplacementIsSetApartBySpaces() {
        #expect(lexicon.apply(to: "Log in with BankID.") == "Log in with [[b'ANkId'e:]] .")
    }

    @Test func textAlreadyInPhonemesIsLeftAlone() {
        #expect(lexicon.apply(to: "[[PIN]] PIN") == "[[PIN]] pin code")
    }
}
