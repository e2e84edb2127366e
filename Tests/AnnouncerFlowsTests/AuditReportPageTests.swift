@testable import AnnouncerFlows
import AnnouncerCore
import Foundation
import Testing

/// The audit report's page on checked flows, without an engine: its summary's width, the words beside
/// its histogram, the swipe column of its focus orders and its scope. The report through a real engine,
/// checked by axe-core in Chromium, is in EndToEndTests (AuditReportTests).
@Suite struct AuditReportPageTests {
    static let run = AuditRun(version: "0.3.0", commit: nil, date: "2026-11-28 10:00 UTC", voices: [], sink: "wav (audio)",
                              machine: "test", command: "announce flow check")

    /// The eight shipped flows, checked with a speaker that hears each phrase at once.
    static func eightFlows() throws -> [AuditedFlow] {
        let names = ["login", "captcha", "form-validation", "biometric-banner"].flatMap { ["\($0).en.yaml", "\($0).nb.yaml"] }
        return try names.map { name in
            let flow = try FlowReader.read(file: "\(FlowSessionTests.flowsFolder)/\(name)").get()
            let profile = FlowSessionTests.voices.profile(for: flow.language)!
            let (results, heard) = FlowChecker(flow: flow, profile: profile).runHeard(speaker: FlowAuditTests.PromptSpeaker())
            return AuditedFlow(report: FlowReport(file: "Flows/\(name)", flow: flow, results: results, lint: FlowLinter.lint(flow), heard: heard))
        }
    }

    static func part(_ html: String, from start: String, to end: String) -> String {
        guard let from = html.range(of: start) else { return "" }
        let rest = html[from.upperBound...]
        return String(rest[..<(rest.range(of: end)?.lowerBound ?? rest.endIndex)])
    }

    @Test("With 8 flows the summary is two tables of four flows, each with every criterion the report lists, all in the page's language")
    func summaryOfEightFlowsIsTwoTablesInOneLanguage() throws {
        let html = AuditReportPage.html(run: Self.run, flows: try Self.eightFlows())
        let summary = Self.part(html, from: "<h2 id=\"summary\">", to: "</section>")
        #expect(summary.components(separatedBy: "<table class=\"summary\">").count - 1 == 2)
        for table in summary.components(separatedBy: "<table class=\"summary\">").dropFirst() {
            #expect(table.components(separatedBy: "<th scope=\"col\">").count - 1 == 5, "a criterion column and four flows")
            #expect(table.components(separatedBy: "<tr><th scope=\"row\">").count - 1 == WCAGCriterion.allCases.filter(\.alwaysReported).count)
        }
        // The page is in English (its first flow's language): no Bokmål verdict in the summary.
        #expect(summary.contains("Passed") && !summary.contains("Bestått"))
    }

    @Test("Beside the histogram, words say that only announcements are judged and that focus phrases queue")
    func histogramIsExplained() throws {
        let html = AuditReportPage.html(run: Self.run, flows: try Self.eightFlows())
        let part = Self.part(html, from: "<h2 id=\"run-latency\">", to: "</section>")
        #expect(part.contains("Only announcements are judged against the 500 ms limit: "))
        #expect(part.contains(" are focus phrases, which queue behind what is already being said"))
    }

    @Test("Every position of a checked focus order says what a swipe there reads, swiped to or not")
    func heardWhenSwipingIsFilledForEveryPosition() throws {
        let html = AuditReportPage.html(run: Self.run, flows: try Self.eightFlows())
        let rows = html.components(separatedBy: "<tr><th scope=\"row\">").dropFirst().filter { !$0.contains("</th><td><a href") }
        let focusRows = rows.filter { $0.hasPrefix("1</th>") || $0.hasPrefix("2</th>") || $0.hasPrefix("3</th>") || $0.hasPrefix("4</th>") || $0.hasPrefix("5</th>") }
            .filter { $0.components(separatedBy: "<td>").count == 4 }
        #expect(!focusRows.isEmpty)
        #expect(focusRows.allSatisfy { !$0.contains("<td></td>") }, "\(focusRows.filter { $0.contains("<td></td>") })")
        #expect(html.contains("(what a swipe here reads; the flow&#39;s steps did not swipe here)"), "\(html)")
    }

    @Test("The scope names the product, build, tester and the run's times, and says what was not given")
    func scopeSection() throws {
        let flows = try Array(Self.eightFlows().prefix(1))
        let given = AuditReportPage.html(run: Self.run, flows: flows, scope: AuditScope(
            product: "Bank app 4.2", build: "4127", tester: "Kari Nordmann", began: "2026-11-28 09:50 UTC", ended: "2026-11-28 09:58 UTC"))
        let scope = Self.part(given, from: "<h2 id=\"scope\">", to: "</section>")
        for text in ["Bank app 4.2", "4127", "Kari Nordmann", "2026-11-28 09:50 UTC to 2026-11-28 09:58 UTC", "1: &quot;Sign in&quot;"] {
            #expect(scope.contains(text), "\(text) in \(scope)")
        }
        let bare = Self.part(AuditReportPage.html(run: Self.run, flows: flows), from: "<h2 id=\"scope\">", to: "</section>")
        #expect(bare.contains("not given (--product)") && bare.contains("not given (--tester)"))
    }

    @Test("A Bokmål flow's section is in Bokmål alone: only the flow file's action codes are marked English, and W3C's English page is said to be so")
    func bokmalSectionsAreOneLanguage() throws {
        let html = AuditReportPage.html(run: Self.run, flows: try Self.eightFlows())
        let sections = html.components(separatedBy: "<section lang=\"nb\"").dropFirst().map { $0.prefix { _ in true } }
        #expect(sections.count == 4)
        for section in sections {
            let body = String(section[..<(section.range(of: "</section>")?.lowerBound ?? section.endIndex)])
            let english = body.components(separatedBy: " lang=\"en\"").dropFirst().filter { !$0.hasPrefix("><code>") }
            #expect(english.isEmpty, "\(english.map { $0.prefix(80) })")
            #expect(body.contains("Forklaring av 1.4.3 fra W3C (på engelsk)</a>"))
        }
    }

    /// The words of the English–Bokmål switcher's list of English words that are not Bokmål.
    static let englishWords: Set<Substring> = {
        let list = (try? String(contentsOfFile: "\(FlowSessionTests.flowsFolder)/../Voices/switching/en-not-nb.txt", encoding: .utf8)) ?? ""
        return Set(list.split(separator: "\n"))
    }()

    /// The English words in a report's text: its markup, its codes, and the ids, rule ids, selectors,
    /// file names and names given taken out.
    static func englishWords(in html: String, names: [String]) throws -> [String] {
        var text = html.replacing(try Regex(#"<code>.*?</code>|<(style|script)[^>]*>.*?</\1>"#).dotMatchesNewlines(), with: " ")
        text = text.replacing(try Regex("<[^>]*>|&[a-z0-9#]+;"), with: " ")
        for name in names.sorted(by: { $0.count > $1.count }) { text = text.replacingOccurrences(of: name, with: " ") }
        text = text.replacing(try Regex(#"\([a-z0-9_-]+\)"#), with: " ")
        // Single letters are WCAG's levels and the hex digits of colours.
        return text.split { !$0.isLetter }.map { $0.lowercased() }.filter { $0.count > 1 && englishWords.contains(Substring($0)) }
    }

    @Test("A Bokmål report says a step that could not be carried out, the page's findings and notes, and the files that could not be read in Bokmål, with no English word")
    func bokmalReportHasNoEnglishWords() throws {
        #expect(Self.englishWords.count > 50_000)
        // The rules axe-core fires on the shipped pages of Flows/web each say in Bokmål what they check.
        for rule in ["color-contrast", "button-name", "target-size", "aria-valid-attr-value"] { #expect(AuditWords.axeRules[rule] != nil, "\(rule)") }
        var flow = try FlowReader.read(file: "\(FlowSessionTests.flowsFolder)/login.nb.yaml").get()
        flow.page = "login.nb.html"
        let profile = FlowSessionTests.voices.profile(for: flow.language)!
        var (results, heard) = FlowChecker(flow: flow, profile: profile).runHeard(speaker: FlowAuditTests.PromptSpeaker())
        for (step, fault) in [(1, StepFault.flow(.unknownElement("sign-in"))), (2, .browserTimedOut(method: "Input.dispatchKeyEvent")),
                              (3, .browserRefused(method: "DOM.focus", message: "Element is not focusable"))] {
            results.append(CheckResult(step: step, line: heard[step - 1].line, action: heard[step - 1].action, kind: .step, passed: false,
                                       message: "The step could not be carried out: it failed.", detail: .notCarriedOut(fault)))
        }
        var report = FlowReport(file: "Flows/login.nb.yaml", flow: flow, results: results, lint: FlowLinter.lint(flow), heard: heard)
        report.page = [
            PageFinding(criterion: .contrastMinimum, tool: .axe, rule: "color-contrast", passed: false,
                        text: "Elements must meet minimum color contrast ratio thresholds: #sign-in (its box 80 by 24 px at 16, 200) fails this rule.",
                        detail: .axe(target: "#sign-in", box: [16, 200, 80, 24])),
            PageFinding(criterion: .nonTextContent, tool: .axe, rule: "image-alt", passed: nil,
                        text: "Images must have alternative text: img.logo needs a person to check this rule.", detail: .axe(target: "img.logo", box: nil)),
            PageFinding(criterion: .targetSizeMinimum, tool: .layout, rule: "target-size", passed: false, text: "The target is small.",
                        detail: .targetCrowded(target: "\"Vis\" (button#show)", box: [10, 10, 20, 16], neighbour: "\"Skjul\" (button#hide)", neighbourBox: [32, 10, 20, 16])),
            PageFinding(criterion: .focusVisible, tool: .layout, rule: "focus-visible", passed: true, text: "Focus changed pixels.",
                        detail: .focusReached(["\"E-postadresse\" (input#email)", "\"Vis\" (button#show)"])),
            PageFinding(criterion: .consistentHelp, tool: .layout, rule: "consistent-help", passed: nil, text: "No help was seen.", detail: .help([])),
        ]
        report.pageNotes = ["axe-core failed on the page (Error: boom), so only the layout checks were made."]
        let unreadable = FlowReport(file: "Flows/gone.nb.yaml", flow: nil, readProblems: [
            "Flows/gone.nb.yaml: The file was not found; check its name and folder.",
            "Flows/gone.nb.yaml, line 4: The role \"knapp\" is not known; use one of button, link.",
        ])
        let html = AuditReportPage.html(run: Self.run, flows: [AuditedFlow(report: report), AuditedFlow(report: unreadable)])
        for sentence in [
            "Steget kunne ikke utføres: ingen elementer har id-en sign-in.",
            "Steget kunne ikke utføres: Chromium svarte ikke på kallet Input.dispatchKeyEvent i tide.",
            "Steget kunne ikke utføres: Chromium avviste kallet DOM.focus.",
            "axe-core-regelen color-contrast sjekker at kontrasten mellom tekst og bakgrunn er minst 4,5:1, eller 3:1 for stor tekst; elementet «#sign-in» (boksen 80 × 24 px ved 16, 200) består den ikke.",
            "axe-core-regelen image-alt sjekker at bilder har et tekstalternativ; om elementet «img.logo» består den, må en person kontrollere.",
            "Layoutkontrollen target-size: trykkflaten «Vis» (button#show) (boksen 20 × 16 px ved 10, 10) er mindre enn 24 × 24 px, og en sirkel på 24 px rundt midten av den treffer trykkflaten «Skjul» (button#hide) (boksen 20 × 16 px ved 32, 10).",
            "Layoutkontrollen focus-visible: fokus endret piksler i hvert av de 2 elementene Tab nådde, avbildet med og uten fokus: «E-postadresse» (input#email), «Vis» (button#show).",
            "axe-core kunne ikke kontrollere siden, så bare layoutkontrollene ble gjort.",
            "Filen finnes ikke; sjekk navnet og mappen. Linje 4: Flytfilen følger ikke formatet for flytfiler her; announce flow check Flows/gone.nb.yaml sier hva som er galt.",
        ] {
            #expect(html.contains(MarkupText.escaped(sentence)), "\(sentence)")
        }
        // The flow file's action codes are the only parts marked English.
        let marked = html.components(separatedBy: " lang=\"en\"").dropFirst().filter { !$0.hasPrefix("><code>") }
        #expect(marked.isEmpty, "\(marked.map { $0.prefix(80) })")
        let names = flow.screens.flatMap { [$0.id.rawValue] + $0.elements.flatMap { [$0.id.rawValue] + $0.children.map(\.id.rawValue) } }
            + ["color-contrast", "image-alt", "Input.dispatchKeyEvent", "DOM.focus", "Flows/login.nb.yaml", "Flows/gone.nb.yaml", "login.nb.yaml",
               "img.logo", "#sign-in", "axe-core", "target-size", "focus-visible", "consistent-help", "button#show", "button#hide", "input#email", "label_on", "focus_order_reason", "Chromium", "announce flow check",
               // Names: the program, ARIA, git's commit, and the switch features of iOS and Android.
               "announcer", "ARIA", "commit", "Switch Control", "Switch Access"]
        let english = try Self.englishWords(in: html, names: names)
        #expect(english.isEmpty, "\(Set(english).sorted())")
    }
}
