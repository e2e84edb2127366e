import Foundation
import TestSupport
import Testing

/// The Bokmål wording of the shipped flows, profile and demo, as TalkBack's and VoiceOver's Bokmål
/// say it: each correction pinned, so the old wording cannot come back.
@Suite struct NorwegianWordingTests {
    static func text(_ path: String) throws -> String { try String(contentsOfFile: Repository.path(path), encoding: .utf8) }

    @Test("Each corrected phrase is in the file that ships it, and the old wording is in none of them",
          arguments: [
              ("Sources/Server/AnnouncerCommandLine/Demo/LoginErrorDemo.swift", "Vent mens vi kontakter serveren.", "tjeneren"),
              ("Sources/Server/AnnouncerCommandLine/Demo/LoginErrorDemo.swift", "Feil: Skriv inn en gyldig e-postadresse.", "Må være en gyldig"),
              ("Flows/biometric-banner.nb.yaml", "kjenne igjen ansikter.", "kjenne igjen ansikt."),
              ("Flows/biometric-banner.nb.yaml", "er midlertidig låst.", "er låst en stund"),
              ("Flows/form-validation.nb.yaml", "label: Dato (dd.mm.åååå)", "label: Dato, d d"),
              ("Flows/biometric-banner.nb.yaml", "fingeravtrykk eller ansiktsgjenkjenning, knapp", "eller ansikt, knapp"),
              ("Voices/nb.yaml", "disabled: nedtonet", "dimmet"),
              ("Voices/nb.yaml", "\"^\": sirkumfleks", "cirkumfleks"),
              ("Voices/nb.yaml", "backspace: tilbaketast", "backspace: tilbake\n"),
              ("Voices/nb.yaml", "\"©\": copyright-tegn", "opphavsrett"),
              ("Voices/nb.yaml", "\"°\": gradtegn", "\"°\": grader"),
              ("Voices/nb.yaml", "interrupted: Avbrutt av {signal}.", "Stoppet med"),
              ("Voices/nb.yaml", "så den ble stoppet.", "så den stoppes"),
              ("Voices/nb.yaml", "polite: vanlig", "polite: høflig"),
              ("dist/shell/announcer.bash", "ble ferdig etter", "er ferdig etter"),
              ("dist/shell/announcer.zsh", "ble ferdig etter", "er ferdig etter"),
              ("Sources/QA/AnnouncerFlows/Audit/AuditWords.swift", "live-region (ARIA", "levende region"),
              ("Sources/QA/AnnouncerFlows/Audit/AuditWords.swift", "fordi det er dekorativt.", "som pynt"),
              ("Sources/QA/AnnouncerFlows/AuditReport/AuditWords+Page.swift", "say(\"Position\", \"Nr.\")", "\"Plass\""),
          ])
    func correctedWording(file: String, now: String, before: String) throws {
        let content = try Self.text(file)
        #expect(content.contains(now))
        #expect(!content.contains(before))
    }

    @Test("The screen is «skjermbilde» in every Bokmål string, never «skjerm» alone",
          arguments: ["Sources/QA/AnnouncerFlows/Audit/AuditWords.swift", "Sources/QA/AnnouncerFlows/Audit/AuditWords+Checks.swift",
                      "Sources/QA/AnnouncerFlows/Audit/AuditWords+PageFindings.swift",
                      "Sources/QA/AnnouncerFlows/AuditReport/AuditWords+Page.swift", "Voices/nb.yaml"])
    func screenIsSkjermbilde(file: String) throws {
        let bare = try Regex("[Ss]kjerm(en|er|ene)?[^a-zæøå]")
        let found = try Self.text(file).split(separator: "\n").filter { $0.contains(bare) }
        #expect(found.isEmpty, "\(found)")
    }
}
