import AnnouncerVoices
import Testing

/// The lexicon's matching rules, on a small inline lexicon.
@Suite struct LexiconTests {
    let lexicon = Lexicon([
        .init(word: "PIN", replacement: "pin code"),
        .init(word: "Face ID", replacement: "face eye dee"),
        .init(word: "Face", replacement: "FACE"),
        .init(word: "e-post", replacement: "epost"),
        .init(word: "BankID", replacement: "[[b'ANkId'e:]]"),
    ])

    @Test("Only whole words are replaced, never part of a longer word")
    func replacesWholeWordsOnly() {
        #expect(lexicon.apply(to: "Your PIN, please") == "Your pin code, please")
        #expect(lexicon.apply(to: "PINS and SPIN") == "PINS and SPIN")
    }

    @Test("An acronym written in capitals matches only in capitals, so the ordinary word is left alone")
    func acronymInCapitalsMatchesOnlyInCapitals() {
        #expect(lexicon.apply(to: "a pin in the map") == "a pin in the map")
    }

    @Test("Other entries match in any case")
    func otherEntriesMatchInAnyCase() {
        #expect(lexicon.apply(to: "E-POST sendt") == "epost sendt")
    }

    @Test("Where entries overlap, the longest match wins")
    func longestEntryWinsAtTheSamePlace() {
        #expect(lexicon.apply(to: "Use Face ID now") == "Use face eye dee now")
        #expect(lexicon.apply(to: "Face it") == "FACE it")
    }

    @Test("Phonemes are set apart by spaces, as eSpeak needs to read them as a word")
    func phonemeReplacementIsSetApartBySpaces() {
        #expect(lexicon.apply(to: "Log in with BankID.") == "Log in with [[b'ANkId'e:]] .")
    }

    @Test("Text already in phonemes is left alone")
    func textAlreadyInPhonemesIsLeftAlone() {
        #expect(lexicon.apply(to: "[[PIN]] PIN") == "[[PIN]] pin code")
    }

    @Test("A lexicon of 30,000 words that share a first letter (1 MiB, the largest profile) finds each word at once",
          .timeLimit(.minutes(1)))
    func largeLexiconFindsWordsAtOnce() {
        // Grouped by first letter, each word of the text was tried against all 30,000 entries: 330 ms
        // a word in a release build, so speech waited on the lexicon.
        let large = Lexicon((0..<30_000).map { .init(word: "Word\($0)", replacement: "entry \($0)") })
        let text = (0..<200).map { "word\($0 * 149) words" }.joined(separator: ", ")
        let expected = (0..<200).map { "entry \($0 * 149) words" }.joined(separator: ", ")
        #expect(large.apply(to: text) == expected)
    }

    @Test("A word joined to the next by punctuation is still found, and an entry with a space still needs its space")
    func wordsEndAtPunctuation() {
        #expect(lexicon.apply(to: "Face-ID and PIN-code") == "FACE-ID and pin code-code")
    }
}

