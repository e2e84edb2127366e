@testable import AnnouncerFlows
import AnnouncerCore
import Foundation
import Testing

/// How `FlowAudit` maps a checked flow onto WCAG 2.2's success criteria, with a speaker that hears
/// every phrase at once, so the verdicts depend on the flow alone. The report itself, through a real
/// engine and checked by axe-core in Chromium, is in EndToEndTests (AuditReportTests).
@Suite struct FlowAuditTests {
    /// Hears every phrase as soon as it is said.
    final class PromptSpeaker: FlowSpeaker {
        var count = 0
        func say(_ utterance: Utterance) throws -> String {
            count += 1
            return "heard.\(count)"
        }
        func cancel(_ id: String) {}
        func waitUntilHeardOrEnded(_ id: String, timeout: Duration) -> HeardTimes? {
            HeardTimes(firstAudio: MonotonicInstant.now().microseconds, outcome: nil)
        }
        func waitUntilEnded(_ ids: [String], timeout: Duration) -> Bool { true }
    }

    static func audit(_ file: String) throws -> (Flow, [CriterionFinding]) {
        let flow = try FlowReader.read(file: "\(FlowSessionTests.flowsFolder)/\(file)").get().expecting(.voiceover).flow
        let profile = FlowSessionTests.voices.profile(for: flow.language)!
        let (results, heard) = FlowChecker(flow: flow, profile: profile).runHeard(speaker: PromptSpeaker())
        return (flow, FlowAudit.audit(flow: flow, results: results, lint: FlowLinter.lint(flow), heard: heard))
    }

    static func verdict(_ findings: [CriterionFinding], _ criterion: WCAGCriterion) -> AuditVerdict {
        AuditVerdict.combined(findings.filter { $0.criterion == criterion }.map(\.verdict))
    }

    @Test("Every criterion the flow's checks speak to is reported for every screen, each with evidence or a reason; no other is",
          arguments: ["login.en.yaml", "captcha.nb.yaml", "biometric-banner.en.yaml"])
    func everyCriterionForEveryScreen(file: String) throws {
        let (flow, findings) = try Self.audit(file)
        let reported = WCAGCriterion.allCases.filter(\.alwaysReported)
        #expect(reported.count == 12)
        #expect(findings.count == reported.count * flow.screens.count)
        for criterion in reported {
            #expect(Set(findings.filter { $0.criterion == criterion }.map(\.screen)) == Set(flow.screens.map(\.id)))
        }
        #expect(findings.allSatisfy { !$0.evidence.isEmpty }, "\(findings.filter(\.evidence.isEmpty).map { "\($0.criterion) \($0.screen)" })")
    }

    @Test("The shipped login passes every criterion it tests, and leaves 2.5.3 to a person on the device")
    func loginPasses() throws {
        let (_, findings) = try Self.audit("login.en.yaml")
        #expect(!findings.contains { $0.verdict == .failed }, "\(findings.filter { $0.verdict == .failed }.map(\.criterion))")
        for criterion in [WCAGCriterion.contrastMinimum, .focusOrder, .errorIdentification, .statusMessages, .nameRoleValue, .accessibleAuthenticationMinimum] {
            #expect(Self.verdict(findings, criterion) == .passed, "\(criterion)")
        }
        #expect(Self.verdict(findings, .labelInName) == .notTested)
        #expect(Self.verdict(findings, .nonTextContent) == .notApplicable)
    }

    @Test("The broken login fails exactly contrast, focus order and status messages, each with its evidence")
    func brokenLoginFailsItsThreeCriteria() throws {
        let (_, findings) = try Self.audit("broken/login-broken.en.yaml")
        let failed = Set(findings.filter { $0.verdict == .failed }.map(\.criterion))
        #expect(failed == [.contrastMinimum, .focusOrder, .statusMessages])
        let failures = { (criterion: WCAGCriterion) in
            findings.filter { $0.criterion == criterion }.flatMap(\.evidence).filter { $0.passed == false }
        }
        #expect(failures(.contrastMinimum).contains { $0.text.contains("3.9:1") && $0.colours?.text == RGBColour(hex: "#808080") })
        #expect(failures(.focusOrder).contains { $0.text.contains("organisation, password, email") && $0.step == 1 })
        #expect(failures(.focusOrder).contains { $0.text.contains("said \"Password, secure text field\"") && $0.step == 3 })
        #expect(failures(.statusMessages).contains { $0.text.contains("Too late") && $0.step == 6 })
        let posted = findings.filter { $0.criterion == .statusMessages }.flatMap(\.evidence)
        #expect(posted.contains { $0.text.contains("the app took 700 ms to post it") })
    }

    @Test("Paste in a password field and a captcha's alternative decide 3.3.8; an undeclared paste leaves it to a person")
    func accessibleAuthentication() throws {
        let (_, captcha) = try Self.audit("captcha.en.yaml")
        let captchaScreen = captcha.first { $0.criterion == .accessibleAuthenticationMinimum && $0.screen == "captcha" }
        #expect(captchaScreen?.verdict == .passed)
        #expect(captchaScreen?.evidence.contains { $0.text.contains("\"Get an audio challenge\" (audio-instead) offers an alternative") } == true)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("audit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let original = try String(contentsOfFile: "\(FlowSessionTests.flowsFolder)/login.en.yaml", encoding: .utf8)
        for (paste, expected) in [("paste: blocked", AuditVerdict.failed), ("", .notTested)] {
            let changed = original.replacingOccurrences(of: "paste: allowed", with: paste)
            try changed.write(toFile: "\(folder)/login.en.yaml", atomically: true, encoding: .utf8)
            let flow = try FlowReader.read(file: "\(folder)/login.en.yaml").get()
            let findings = FlowAudit.audit(flow: flow, results: [], lint: FlowLinter.lint(flow), heard: [])
            #expect(Self.verdict(findings, .accessibleAuthenticationMinimum) == expected, "\(paste)")
        }
        let withoutAlternative = try String(contentsOfFile: "\(FlowSessionTests.flowsFolder)/captcha.en.yaml", encoding: .utf8)
            .replacingOccurrences(of: "cognitive_test: { alternative: audio-instead }", with: "cognitive_test: true")
        try withoutAlternative.write(toFile: "\(folder)/captcha.en.yaml", atomically: true, encoding: .utf8)
        let flow = try FlowReader.read(file: "\(folder)/captcha.en.yaml").get()
        #expect(Self.verdict(FlowAudit.audit(flow: flow, results: [], lint: [], heard: []), .accessibleAuthenticationMinimum) == .failed)
    }

    @Test("A Norwegian flow's evidence is in Bokmål, and what has no Bokmål sentence yet is marked as English")
    func norwegianEvidence() throws {
        let (_, findings) = try Self.audit("login.nb.yaml")
        let paste = findings.first { $0.criterion == .accessibleAuthenticationMinimum }?.evidence.first
        #expect(paste?.text == "Innliming er tillatt i «Passord» (password), så en passordbehandler kan fylle det ut.")
        #expect(paste?.language.rawValue == "nb")
        let evidence = findings.flatMap(\.evidence)
        let said = evidence.filter { $0.step != nil && $0.text.hasPrefix("Leste opp «") }
        #expect(!said.isEmpty && said.allSatisfy { $0.language.rawValue == "nb" })
        #expect(evidence.contains { $0.text.hasPrefix("Leste opp «Feil: Skriv inn en gyldig e-postadresse», så «E-postadresse, kari.nordmann, tekstfelt. Feil: ") })
        #expect(evidence.contains { $0.text == "Kontrasten til «Logg inn» (sign-in): #FFFFFF på #00205B er 15,4:1; minst 4,5:1 kreves for vanlig tekst." })
        #expect(evidence.contains { $0.text.hasPrefix("«Feil: Skriv inn en gyldig e-postadresse» (haster) begynte ") && $0.text.hasSuffix(" etter handlingen; grensen er 500 ms.") })
        // Every lint sentence has its Bokmål, the reactions' too: none is left in English.
        let english = evidence.filter { $0.language.rawValue == "en" }
        #expect(english.isEmpty, "\(english.map(\.text))")
        #expect(WCAGCriterion.accessibleAuthenticationMinimum.name(in: Language(code: "nb")!) == "Tilgjengelig autentisering (minimum)")
    }

    /// Each of the lint's failures once more, those `FlowLinterTests.broken` has not: a group without a
    /// label, an empty label_on, a focus order naming a child, an element twice and one of another screen,
    /// and a banner shown at the start after a heading.
    static let brokenMore = """
    flow: Logg inn, ødelagt
    language: nb
    screens:
      - id: login
        title: Logg inn
        focus_order: [heading, cancel, heading, other-field, notice]
        elements:
          - { id: heading, role: header, label: Velkommen }
          - id: actions
            role: group
            elements:
              - { id: cancel, role: button }
          - { id: remember, role: toggle, label: Husk meg, label_on: " " }
          - { id: notice, role: banner, label: Driftsmelding }
      - id: other
        title: Annet
        elements:
          - { id: other-field, role: text_field, label: Navn }
    steps:
      - check:
        expect: { focus: heading }
    """

    @Test("Every failure of the lint is said in Bokmål in a Bokmål report, so its sections hold one language")
    func lintFailuresAreSaidInBokmal() throws {
        let words = AuditWords(language: Language(code: "nb")!)
        let broken = FlowLinterTests.broken.replacingOccurrences(of: "language: en", with: "language: nb")
        var sentences: [String] = []
        for yaml in [broken, Self.brokenMore] {
            let flow = try FlowReader.read(yaml: yaml, file: "broken.nb.yaml").get()
            for finding in FlowLinter.lint(flow) {
                let sentence = words.sentence(for: finding, on: flow.screen(finding.screen), in: flow)
                #expect(sentence != nil, "no Bokmål for: \(finding.message)")
                sentences += sentence.map { [$0] } ?? []
            }
        }
        let expected = [
            "Elementet med id-en sign-in (rollen button) har ingen ledetekst, så en skjermleser leser bare rollen; gi det en ledetekst som sier hva det gjør.",
            "Fokusrekkefølgen på skjermbildet «Sign in» er sign-in, email, password, caption, wrong-password, actions, sign-in-error, men ovenfra og ned er den email, password, caption, wrong-password, actions, sign-in-error, sign-in; ordne den ovenfra og ned, eller oppgi focus_order_reason hvis denne rekkefølgen er ment.",
            "Fokusrekkefølgen på skjermbildet «Logg inn» utelater «Husk meg» (remember), så en skjermleser når det først etter alt annet; nevn det der det hører hjemme.",
            "Feilen «Wrong password» er på «Wrong password» (wrong-password), et element med rollen static_text, ikke på et felt; knytt den til tekstfeltet den gjelder, så den leses opp med feltet.",
            "Å aktivere et element uten ledetekst (sign-in), når skjemaet er ugyldig, setter feilen «Check your email address» på «Use the address you registered with» (caption), et element med rollen static_text, ikke på et felt; sett den på tekstfeltet den gjelder, så den leses opp med feltet.",
            "Gruppen «Actions» (actions) har 2 interaktive elementer: «Cancel» (cancel) og «Help» (help); en gruppe er ett sveipestopp, og å aktivere den når bare «Cancel» (cancel), så gi hvert element sitt eget stopp.",
            "Å aktivere et element uten ledetekst (sign-in), når skjemaet er ugyldig, viser banneret et element uten ledetekst (sign-in-error), men flytter ikke fokus til det; legg til focus: sign-in-error etter show, så banneret leses opp.",
            "Gruppen med id-en actions har ingen ledetekst, og ingen av elementene i den har en, så en skjermleser leser bare rollen; gi den en ledetekst som sier hva den er.",
            "Elementet «Husk meg» (remember) har en tom label_on, så mens det er slått på, leser en skjermleser bare rollen; gi label_on en ledetekst, eller fjern den.",
            "Fokusrekkefølgen på skjermbildet «Logg inn» nevner et element uten ledetekst (cancel), som er inne i gruppen et element uten ledetekst (actions); en gruppe er ett sveipestopp, så nevn gruppen i stedet.",
            "Fokusrekkefølgen på skjermbildet «Logg inn» nevner «Velkommen» (heading) mer enn én gang; hvert element er ett sveipestopp.",
            "Fokusrekkefølgen på skjermbildet «Logg inn» nevner «Navn» (other-field), som er på skjermbildet «Annet», ikke på dette.",
            "Banneret «Driftsmelding» (notice) vises når skjermbildet «Logg inn» åpnes, men kommer etter «Velkommen» (heading) i fokusrekkefølgen; plasser det først, så det leses opp når skjermbildet åpnes.",
        ]
        for sentence in expected { #expect(sentences.contains(sentence), "\(sentence)\nnot among:\n\(sentences.joined(separator: "\n"))") }
        // The lint's English wording is gone; only the file's own words (labels, codes such as label_on) stay.
        let english = sentences.filter { $0.hasPrefix("The ") || $0.hasPrefix("Activating ") || $0.contains("; give ") || $0.contains(" is not ") }
        #expect(english.isEmpty, "\(english)")
    }

    @Test("A paste or cognitive_test key in the wrong place is one clear sentence")
    func authenticationKeysAreChecked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("audit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let original = try String(contentsOfFile: "\(FlowSessionTests.flowsFolder)/login.en.yaml", encoding: .utf8)
        let broken = original.replacingOccurrences(of: "paste: allowed", with: "paste: sometimes")
            .replacingOccurrences(of: "label: Email address\n", with: "label: Email address\n        paste: allowed\n        cognitive_test: { alternative: nowhere }\n")
        try broken.write(toFile: "\(folder)/login.en.yaml", atomically: true, encoding: .utf8)
        let problems = FlowReader.read(file: "\(folder)/login.en.yaml").map { _ in [String]() }.mapError { $0 }
        guard case let .failure(error) = problems else { Issue.record("the flow should not read"); return }
        let text = error.problems.map(\.description).joined(separator: "\n")
        #expect(text.contains("paste is allowed or blocked."))
        #expect(text.contains("Only a secure text field says whether paste is allowed; this element's role is text_field."))
        #expect(text.contains("No element has the id \"nowhere\"."))
    }

    @Test("axe-core's tags name their WCAG 2.2 criteria; 4.1.1, which 2.2 dropped, and the level tags name none")
    func axeTagsNameCriteria() {
        #expect(WCAGCriterion(axeTag: "wcag143") == .contrastMinimum)
        #expect(WCAGCriterion(axeTag: "wcag1412") == .textSpacing)
        #expect(WCAGCriterion(axeTag: "wcag258") == .targetSizeMinimum)
        #expect(WCAGCriterion(axeTag: "wcag412") == .nameRoleValue)
        for other in ["wcag411", "wcag2aa", "wcag22aa", "best-practice", "wcag"] { #expect(WCAGCriterion(axeTag: other) == nil, "\(other)") }
    }

    @Test("A real page's findings join their criteria: a failure fails one the flow passes, a new criterion is reported, and what a person must check leaves it not tested")
    func pageFindingsJoinTheirCriteria() throws {
        var flow = try FlowReader.read(file: "\(FlowSessionTests.flowsFolder)/login.en.yaml").get()
        flow.page = "login.en.html"
        let profile = FlowSessionTests.voices.profile(for: flow.language)!
        let (results, heard) = FlowChecker(flow: flow, profile: profile).runHeard(speaker: PromptSpeaker())
        let page = [
            PageFinding(criterion: .nameRoleValue, tool: .axe, rule: "button-name", passed: false, text: "Buttons must have discernible text: #show."),
            PageFinding(criterion: .targetSizeMinimum, tool: .layout, rule: "target-size", passed: true, text: "4 of 4 targets are at least 24 by 24 px."),
            PageFinding(criterion: .redundantEntry, tool: .layout, rule: "redundant-entry", passed: nil, text: "A person must check."),
        ]
        var report = FlowReport(file: "login.en.yaml", flow: flow, results: results, lint: FlowLinter.lint(flow), heard: heard)
        let passedBefore = report.passedCount
        report.page = page
        let findings = report.audit
        #expect(Self.verdict(findings, .nameRoleValue) == .failed)
        #expect(findings.first { $0.criterion == .nameRoleValue }?.evidence.contains { $0.text == "axe-core, rule button-name: Buttons must have discernible text: #show." && $0.passed == false } == true)
        #expect(Self.verdict(findings, .targetSizeMinimum) == .passed)
        #expect(Self.verdict(findings, .redundantEntry) == .notTested)
        #expect(!findings.contains { $0.criterion == .focusVisible }, "a criterion nothing spoke to is left out")
        #expect(report.failedCount == 1 && report.passedCount == passedBefore + 1 && report.toCheckCount == 1)
        let lines = report.lines()
        #expect(lines.contains("FAIL: page, 4.1.2 Name, Role, Value, axe-core button-name: Buttons must have discernible text: #show."))
        #expect(lines.contains("CHECK: page, 3.3.7 Redundant Entry, redundant-entry: A person must check."))
        #expect(lines.last?.hasSuffix(": \(passedBefore + 1) passed, 1 failed, 1 for a person to check.") == true, "\(lines)")
    }
}
