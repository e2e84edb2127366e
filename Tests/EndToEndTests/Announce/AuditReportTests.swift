import TestSupport
import Foundation
import Testing

/// `announce flow check --report DIR`: the audit report of a passing run and of a broken flow, made
/// through a real engine, then checked as announce checks any page: axe-core 4 injected into headless
/// Chromium through announce's own DevTools client (`announce flow import`), and read back from its PDF.
@Suite(.serialized, .startsProcesses) struct AuditReportTests {
    static let flows = Repository.path("Flows")
    static let criteria = ["1.1.1", "1.3.1", "1.4.3", "2.1.1", "2.4.3", "2.4.6", "2.5.3", "3.3.1", "3.3.2", "3.3.8", "4.1.2", "4.1.3"]

    /// In CI the browser and axe-core must be there (scripts/install-deps); elsewhere the self-check runs when they are.
    static let browserReady: Bool = {
        let environment = ProcessInfo.processInfo.environment
        if environment["CI"] == "true" { return true }
        let cache = environment["XDG_CACHE_HOME"] ?? "\(environment["HOME"] ?? "/root")/.cache"
        return FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") && FileManager.default.fileExists(atPath: "\(cache)/announcer/axe/axe.min.js")
    }()

    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("audit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The page's text from the element with `id` to the next heading of the same level or higher.
    static func part(_ html: String, from id: String) -> String {
        guard let start = html.range(of: "id=\"\(id)\"") else { return "" }
        let rest = html[start.upperBound...]
        let end = rest.range(of: "<h4 ")?.lowerBound ?? rest.range(of: "<h3")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    /// The report checked as announce checks any page, through its own DevTools client: axe-core 4's
    /// summary line, and the layout checks', on standard error.
    static func axe(_ page: String, folder: String) async throws -> ProgramRun {
        try await AnnounceProcess.run(["flow", "import", "--output", "\(folder)/report-as-flow.yaml", page])
    }

    @Test("A passing run's report lists every criterion for every flow in its own language, plays each phrase, and axe-core finds nothing")
    func passingReport() async throws {
        let folder = try Self.folder()
        let run = try await AnnounceProcess.run(["flow", "check", "--report", "\(folder)/report", "--pdf", "\(Self.flows)/login.en.yaml", "\(Self.flows)/login.nb.yaml"])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardError.unwrapped.contains("Wrote the audit report to \(folder)/report/index.html."))
        // Recording runs at a device's pace, so how long it will take is said first, then each step.
        #expect(run.standardError.unwrapped.contains("Recording at the pace of a real sound device: 26 steps in 2 flows, about 80 seconds."))
        #expect(run.standardError.contains("  Step 13 of 13.") && run.standardError.contains("13 of 26 steps done; about "))
        let html = try String(contentsOfFile: "\(folder)/report/index.html", encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.contains("<section lang=\"nb\" aria-labelledby=\"flow-2\">"))
        #expect(html.contains("Result: 2 flows checked, and nothing failed."))
        for flow in 1...2 {
            for number in Self.criteria {
                let id = "flow-\(flow)-c-\(number.replacingOccurrences(of: ".", with: "-"))"
                #expect(html.contains("<h4 id=\"\(id)\">"), "\(id)")
                #expect(html.contains("<a href=\"#\(id)\">"), "the summary links to \(id)")
            }
        }
        #expect(html.contains("3.3.8 Tilgjengelig autentisering (minimum) (AA)"))
        #expect(html.contains("<h2 id=\"manual\">What a person must still check on a device</h2>") && html.contains("Touch exploration: drag a finger"))
        #expect(html.contains("announcer 0.3.0, built from commit "))
        // Paths are the report's own, relative to it, so it can be moved with its audio.
        #expect(html.contains("wav, recorded at the pace of a real sound device (audio)</dd>"))
        // Self-contained: nothing is fetched from a network, and no script is needed.
        #expect(!html.contains("src=\"http") && !html.contains("<script") && !html.contains("<link"))
        // Every phrase heard has its audio beside it, cut from the recording, with sound in it.
        let sources = html.components(separatedBy: "<audio controls preload=\"none\" src=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(sources.count == html.components(separatedBy: "<q>").count - 1)
        #expect(sources.count >= 26)
        for source in sources {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/report/\(source)"))
            #expect(data.count > 44 + 4_410 && data.prefix(4) == Data("RIFF".utf8), "\(source)")
            let loudest = stride(from: 44, to: data.count - 1, by: 2).map { abs(Int(Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8))) }.max() ?? 0
            #expect(loudest > 1_000, "\(source) should hold speech")
        }
        try await Self.readPDF(folder: folder, html: html)
        try #require(Self.browserReady, "Chromium and axe-core are needed: run scripts/install-deps.")
        let axe = try await Self.axe("\(folder)/report/index.html", folder: folder)
        #expect(axe.status == 0, "\(axe.standardError)")
        #expect(axe.standardError.unwrapped.contains("axe-core 4.12.1 found 0 violations, and "), "\(axe.standardError)")
    }

    @Test("--fast renders the report's audio faster than real time: every phrase keeps its audio, and the report says, in each language and as data, that nothing was timed")
    func fastReportIsMarkedNotTimed() async throws {
        let folder = try Self.folder()
        let run = try await AnnounceProcess.run(["flow", "check", "--json", "--report", "\(folder)/report", "--fast", "\(Self.flows)/login.en.yaml", "\(Self.flows)/login.nb.yaml"])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardError.unwrapped.contains("Recording faster than real time, not timed: 26 steps in 2 flows, about "))
        let json = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        let flows = json?["flows"] as? [[String: Any]] ?? []
        #expect(flows.count == 2 && flows.allSatisfy { ($0["timed"] as? Bool) == false })
        // No timing is judged: no within_ms result passes or fails.
        let checks = flows.flatMap { ($0["results"] as? [[String: Any]] ?? []).compactMap { $0["check"] as? String } }
        #expect(!checks.isEmpty && !checks.contains("within_ms"), "\(checks)")
        let html = try String(contentsOfFile: "\(folder)/report/index.html", encoding: .utf8)
        #expect(html.contains("<body data-timed=\"false\">"))
        #expect(html.contains("<p class=\"not-timed\">Not timed: the audio was rendered faster than real time (--fast)"))
        #expect(Self.part(html, from: "flow-2").contains("Ikke tidsmålt: lyden ble laget raskere enn sanntid (--fast)"))
        #expect(html.contains("wav, rendered faster than real time, so not timed (audio)</dd>"))
        #expect(!html.contains("id=\"histogram\"") && !html.contains("Too late."))
        // Every phrase heard has its audio, with speech in it, as in a run at a real pace.
        let sources = html.components(separatedBy: "<audio controls preload=\"none\" src=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(sources.count == html.components(separatedBy: "<q>").count - 1 && sources.count >= 24, "\(sources.count)")
        for source in sources {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/report/\(source)"))
            let loudest = stride(from: 44, to: data.count - 1, by: 2).map { abs(Int(Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8))) }.max() ?? 0
            #expect(loudest > 1_000, "\(source) should hold speech")
        }
    }

    /// The PDF read back with poppler-utils: tagged, in the report's language, with an outline, and every
    /// criterion's heading with its verdict, as the HTML has them, found in its text.
    static func readPDF(folder: String, html: String) async throws {
        let pdf = "\(folder)/report/report.pdf"
        let info = try await ProgramRun.run("/usr/bin/pdfinfo", [pdf])
        #expect(info.standardOutput.contains("Tagged:          yes"), "\(info.standardOutput)")
        let raw = try String(decoding: Data(contentsOf: URL(fileURLWithPath: pdf)), as: UTF8.self)
        #expect(raw.contains("/Lang (en)") && raw.contains("/Outlines "))
        let text = try await ProgramRun.run("/usr/bin/pdftotext", ["-layout", pdf, "-"]).standardOutput
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let headings = html.components(separatedBy: "<h4 id=\"").dropFirst().map { part in
            // The heading's text without its tags: "1.1.1 Non-text Content (A): – Not applicable".
            let inner = part.drop { $0 != ">" }.dropFirst().prefix { _ in true }
            let heading = String(inner[..<(inner.range(of: "</h4>")?.lowerBound ?? inner.endIndex)])
            return heading.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
                .replacingOccurrences(of: "&amp;", with: "&").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        #expect(headings.count >= 2 * criteria.count)
        let missing = headings.filter { !words.contains($0) }
        #expect(missing.isEmpty, "not in the PDF: \(missing)")
        // Each phrase's audio is a link in the PDF.
        #expect(raw.contains("/URI (file://\(folder)/report/audio/"))
    }

    @Test("A broken flow's report shows contrast, focus order and the late error under their criteria, with JUnit and JSON from the same run")
    func brokenReport() async throws {
        let folder = try Self.folder()
        let run = try await AnnounceProcess.run([
            "flow", "check", "--json", "--junit", "\(folder)/junit.xml", "--report", "\(folder)/report", "\(Self.flows)/broken/login-broken.en.yaml",
        ])
        #expect(run.status == 1)
        let json = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        #expect((json?["failed"] as? Int) == 5)
        #expect(try String(contentsOfFile: "\(folder)/junit.xml", encoding: .utf8).contains("<failure"))
        let html = try String(contentsOfFile: "\(folder)/report/index.html", encoding: .utf8)
        #expect(html.contains("Release is blocked."))
        let contrast = Self.part(html, from: "flow-1-c-1-4-3")
        #expect(contrast.contains("Failed</span></h4>") && contrast.contains("#808080 on #FFFFFF is 3.9:1; at least 4.5:1 is needed"))
        let order = Self.part(html, from: "flow-1-c-2-4-3")
        #expect(order.contains("Failed</span></h4>") && order.contains("but it is organisation, password, email"))
        #expect(order.contains("<a href=\"#flow-1-step-1\">step 1</a>"))
        let status = Self.part(html, from: "flow-1-c-4-1-3")
        #expect(status.contains("Failed</span></h4>") && status.contains("Too late."))
        #expect(status.contains("(the app took 700 ms to post it; speech began "))
        for passing in ["1-3-1", "3-3-2", "3-3-8"] {
            #expect(Self.part(html, from: "flow-1-c-\(passing)").contains("Passed</span></h4>"), "\(passing)")
        }
        // The swatch and the side-by-side focus order.
        #expect(html.contains("aria-label=\"Text colour #808080 on #FFFFFF\""))
        #expect(html.contains("<tr><th scope=\"row\">2</th><td>email</td><td><strong>password</strong>"))
        try #require(Self.browserReady, "Chromium and axe-core are needed: run scripts/install-deps.")
        let axe = try await Self.axe("\(folder)/report/index.html", folder: folder)
        #expect(axe.status == 0, "\(axe.standardError)")
        #expect(axe.standardError.unwrapped.contains("axe-core 4.12.1 found 0 violations, and "), "\(axe.standardError)")
    }
}
