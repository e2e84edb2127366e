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

}
