import AnnouncerCore
@testable import AnnouncerVoices
import Testing

/// The `normalization:` section as read from a profile file: mistakes are reported with their line,
/// and a later file changes only what it names.
@Suite struct NormalizationProfileTests {
    private func problems(_ yaml: String) -> [FileProblem] {
        var profiles: [Language: VoiceProfile] = [:]
        return VoiceProfileReader.apply(yaml: yaml, file: "nb.yaml", to: &profiles)
    }

    @Test("A month list that is not twelve months is reported with its line")
    func shortMonthList() {
        let found = problems("""
            language: nb
            espeak_voice: nb
            normalization:
              dates:
                months: [januar, februar]
            """)
        #expect(found == [FileProblem(file: "nb.yaml", line: 5,
            message: "normalization.dates.months must list the 12 months, January first, not 2.")])
    }

    @Test("An unknown key and an unknown name in a template are reported with their lines")
    func unknownKeyAndName() {
        let found = problems("""
            language: nb
            espeak_voice: nb
            normalization:
              clock_time:
                time: "{hour}"
              clock_times:
                time: "{hour} og {minutes}"
            """)
        #expect(found.map(\.line) == [4, 7])
        #expect(found.first?.message.contains("the keys are abbreviations, clock_times") == true)
        #expect(found.last?.message.contains("{minutes}, which is not known here") == true)
    }

    @Test("A wrong kind of abbreviation, a date order and a decimal mark are reported with their lines")
    func wrongValues() {
        let found = problems("""
            language: nb
            espeak_voice: nb
            normalization:
              abbreviations:
                trailing:
                  "osv.": og så videre
              dates:
                order: year_first
              numbers:
                decimal_mark: ",,"
            """)
        #expect(found.map(\.line) == [5, 8, 10])
    }

    @Test("A later file adds an abbreviation and removes another, keeping the rest of the shipped tables")
    func laterFileOverrides() {
        var profiles: [Language: VoiceProfile] = [.norwegianBokmal: Phonemes.profile(.norwegianBokmal)]
        let found = VoiceProfileReader.apply(yaml: """
            language: nb
            normalization:
              abbreviations:
                leading:
                  "jf.": jamfør
                  "bl.a.": ~
            """, file: "mine/nb.yaml", to: &profiles)
        #expect(found.isEmpty)
        let normalizer = profiles[.norwegianBokmal]!.normalizer
        #expect(normalizer.normalize("jf. bl.a. kl. 14:30") == "jamfør bl.a. klokken 14 30")
    }
}
