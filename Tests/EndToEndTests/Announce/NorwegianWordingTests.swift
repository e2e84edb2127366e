import TestSupport
import Foundation
import Testing

/// The Bokmål wording of the shipped flows, profile and demo, as TalkBack's and VoiceOver's Bokmål
/// say it: each correction pinned, so the old wording cannot come back.
@Suite struct NorwegianWordingTests {
    static func text(_ path: String) throws -> String { try String(contentsOfFile: Repository.path(path), encoding: .utf8) }

    @Test("Each corrected phrase is in the file that ships it, and the old wording is in none of them",
          arguments: [
              ("Sources/AnnouncerCommandLine/Demo/LoginErrorDemo.swift", "Vent mens vi kontakter serveren.", "tjeneren"),
              ("Sources/AnnouncerCommandLine/Demo/LoginErrorDemo.swift", "Feil: Skriv inn en gyldig e-postadresse.", "Må være en gyldig"),
              ("Flows/biometric-banner.nb.yaml", "kjenne igjen ansikter.", "kjenne igjen ansikt."),
              ("Flows/biometric-banner.nb.yaml", "er midlertidig låst.", "er låst en stund"),
              ("Flows/form-validation.nb.yaml", "label: Dato (dd.mm.åååå)", "label: Dato, d d"),
          ])
    func correctedWording(file: String, now: String, before: String) throws {
        let content = try Self.text(file)
        #expect(content.contains(now))
        #expect(!content.contains(before))
    }

    @Test("The date label is its visible text, and the nb profile reads its format letter by letter with the full stops heard")
    func dateFormatIsReadByTheProfile() throws {
        let tried = try AnnounceProcess.run(["voices", "--embedded", "--lang", "nb", "--try", "Dato (dd.mm.åååå)"])
        #expect(tried.status == 0, "\(tried.standardError)")
        #expect(tried.standardOutput.contains("Given to eSpeak: Dato (d d punktum m m punktum å å å å)"), "\(tried.standardOutput)")
    }
}
