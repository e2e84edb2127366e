import AnnouncerCore
import AnnouncerVoices
import Testing

/// Inputs the FuzzPrepare harness (Fuzz/, docs/RELIABILITY.md) found or grew, fed to the same entry
/// point, `VoiceProfile.prepare`, with the shipped profiles, at every punctuation level and spelled.
/// The rules are the harness's: every `[[` eSpeak would see begins one of the profile's own phoneme
/// runs, and the result is at most 64 bytes per input byte plus 256.
@Suite struct PrepareFuzzRegressionTests {
    struct Find: Sendable, CustomTestStringConvertible {
        var why: String
        var bytes: [UInt8]
        var testDescription: String { why }
    }

    static let finds: [Find] = [
        // Crashed the invariant: "[[" then a combining mark is the Characters "[" and "[֨", so the
        // Character-based neutralizing missed it and eSpeak got "[[" from a client.
        Find(why: "[[ followed by a combining mark (found by the fuzzer)", bytes: [0x5B, 0x5B, 0xD6, 0xA8, 0x25]),
        Find(why: "[[ followed by a combining acute accent", bytes: Array("[[\u{301}n'aI@]]".utf8)),
        Find(why: "three brackets with combining marks between", bytes: Array("[\u{301}[[\u{301}[x]]".utf8)),
    ]

    static let modes: [(spelled: Bool, level: PunctuationLevel)] =
        PunctuationLevel.allCases.map { (false, $0) } + [(true, .some)]

    @Test("A fuzz-found input is prepared within the rules in both languages and every mode", arguments: finds)
    func preparedWithinTheRules(_ find: Find) {
        let text = String(decoding: find.bytes, as: UTF8.self)
        for language in [Language.english, .norwegianBokmal] {
            let profile = Phonemes.profile(language)
            let allowed = Self.phonemeRuns(of: profile)
            for mode in Self.modes {
                let prepared = profile.prepare(text, spelled: mode.spelled, punctuationLevel: mode.level)
                #expect(prepared.utf8.count <= 64 * find.bytes.count + 256, "\(language) \(mode)")
                #expect(Self.strayPhonemeStart(in: prepared, allowed: allowed) == nil, "\(language) \(mode): \(prepared.debugDescription)")
            }
        }
    }

    @Test("A client's [[ is broken up in Unicode scalars, whatever follows it")
    func neutralizeWorksOnScalars() {
        #expect(PhonemeSegments.neutralize("[[\u{5A8}%") == "[ [\u{5A8}%")
        #expect(PhonemeSegments.neutralize("[[[") == "[ [ [")
        #expect(PhonemeSegments.neutralize("a [b] c") == "a [b] c")
    }

    /// The runs `[[…]]` the profile hands eSpeak itself: lexicon replacements and phonemes in spelling names.
    static func phonemeRuns(of profile: VoiceProfile) -> [[UInt8]] {
        let sources = profile.lexicon.entries.values.map(\.replacement) + profile.spelling.characterNames.values
        let runs = sources.flatMap { source in
            PhonemeSegments.split(source).compactMap { segment -> [UInt8]? in
                if case let .phonemes(run) = segment { Array(run.utf8) } else { nil }
            }
        }
        return Set(runs).sorted { $0.count > $1.count }
    }

    /// The byte offset of the first `[[` that does not begin one of `allowed`, if any.
    static func strayPhonemeStart(in text: String, allowed: [[UInt8]]) -> Int? {
        let bytes = Array(text.utf8)
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "["), bytes[index + 1] == UInt8(ascii: "[") else { index += 1; continue }
            guard let run = allowed.first(where: { bytes[index...].starts(with: $0) }) else { return index }
            index += run.count
        }
        return nil
    }
}

/// Numbers too long for an Int, which the FuzzPrepare harness found trapping in the normalizer.
@Suite struct NormalizerOverflowRegressionTests {
    @Test("A date-like run with a year of dozens of digits is left as it is, not a crash (found by the fuzzer)")
    func longYearDoesNotTrap() {
        let text = "Meeting at 14:30 on 12.03.2" + String(repeating: "3", count: 60) + "025, ca\u{200D}ll 1 234 567."
        for language in [Language.english, .norwegianBokmal] {
            let prepared = Phonemes.profile(language).prepare(text)
            #expect(prepared.contains(String(repeating: "3", count: 60)))
        }
    }

    @Test("Runs of 19 digits and more are read in every rule's shape without trapping")
    func longDigitRunsEverywhere() {
        let long = String(repeating: "9", count: 40)
        let texts = ["\(long):30", "12:\(long)", "\(long).03.2025", "12.\(long).2025", "2025-\(long)-01",
                     "\(long). mai 2025", "12. mai \(long)", "May \(long), 2025", "1 \(long)", "\(long) am"]
        for language in [Language.english, .norwegianBokmal] {
            for text in texts { _ = Phonemes.profile(language).prepare(text) }
        }
    }
}

/// Profile files the FuzzVoiceProfile harness found or grew, read over the shipped profiles as a
/// user's file would be, with `VoiceLibrary.apply(yaml:file:)`.
@Suite struct VoiceProfileFuzzRegressionTests {
    static func problems(_ yaml: String) -> [FileProblem] {
        var library = Phonemes.library
        return library.apply(yaml: yaml, file: "user/nb.yaml")
    }

    @Test("A capital template with an unclosed [[ is refused, so spelled text is never read as phonemes (found by the fuzzer)")
    func capitalWithUnclosedPhonemes() {
        let found = Self.problems("language: nb\nspelling:\n  capital: \"[[[[[[[[stor {letter}\"\n")
        #expect(found.count == 1)
        #expect(found.first?.message.contains("spelling.capital opens or closes [[ ]]") == true)
        // The shipped profile still spells with its own template.
        #expect(Phonemes.profile(.norwegianBokmal).prepare("A", spelled: true).hasPrefix("stor"))
    }

    @Test("A capital template with phonemes in [[ ]] is still accepted")
    func capitalWithPhonemes() {
        #expect(Self.problems("language: nb\nspelling:\n  capital: \"[[st'u:r]] {letter}\"\n").isEmpty)
    }

    @Test("A lexicon replacement or spelling name with a stray [[ or ]] inside is refused")
    func strayBracketsInsideReplacements() {
        #expect(Self.problems("language: nb\nlexicon:\n  foo: \"fu [[x\"\n").count == 1)
        #expect(Self.problems("language: nb\nlexicon:\n  foo: \"[[a]] ]] [[b]]\"\n").count == 1)
        #expect(Self.problems("language: nb\nspelling:\n  characters:\n    \"#\": \"[[x]] ]] [[\"\n").count == 1)
        #expect(Self.problems("language: nb\nspelling:\n  separator: \" [[ \"\n").count == 1)
        #expect(Self.problems("language: nb\nlexicon:\n  foo: \"[[f'u:]]\"\n").isEmpty)
    }

    @Test("A [[ in a profile's abbreviation words is broken up, so normalization never opens phoneme input")
    func bracketsInAbbreviationWords() {
        var library = Phonemes.library
        #expect(library.apply(yaml: "language: en\nnormalization:\n  abbreviations:\n    leading:\n      \"Dr.\": \"Doc [[t@r\"\n", file: "user/en.yaml").isEmpty)
        let profile = library.profile(for: .english)!
        let prepared = profile.prepare("Dr. Hansen's PIN", punctuationLevel: .none)
        #expect(prepared.hasPrefix("Doc [ [t"), "\(prepared)")
        #expect(PrepareFuzzRegressionTests.strayPhonemeStart(in: prepared, allowed: PrepareFuzzRegressionTests.phonemeRuns(of: profile)) == nil)
    }
}
