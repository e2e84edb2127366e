import TestSupport
import Foundation
import Testing

/// `announce flow check --report DIR`: the audit report of a passing run and of a broken flow, made
/// through a real engine, then opened in headless Chromium and checked by axe-core
/// (Tests/AuditReport/axe_check.py, with PyPI's axe-selenium-python).
@Suite(.serialized) struct AuditReportTests {
    static let flows = Repository.path("Flows")
    static let axeCheck = Repository.path("Tests/AuditReport/axe_check.py")
    static let criteria = ["1.1.1", "1.3.1", "1.4.3", "2.1.1", "2.4.3", "2.4.6", "2.5.3", "3.3.1", "3.3.2", "3.3.8", "4.1.2", "4.1.3"]

    /// The Python that has axe-selenium-python: the one scripts/install-deps makes, or the one named.
    static let python: String = {
        let environment = ProcessInfo.processInfo.environment
        if let named = environment["ANNOUNCER_AXE_PYTHON"] { return named }
        let home = environment["XDG_CACHE_HOME"] ?? "\(environment["HOME"] ?? "/root")/.cache"
        let made = "\(home)/announcer/axe-venv/bin/python3"
        return FileManager.default.isExecutableFile(atPath: made) ? made : "python3"
    }()

    /// In CI the browser must be there; elsewhere the axe checks run when Chromium and axe are installed.
    static let browserReady: Bool = {
        if ProcessInfo.processInfo.environment["CI"] == "true" { return true }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") else { return false }
        return (try? ProgramRun("/usr/bin/env", [python, "-c", "import axe_selenium_python, selenium"]).status) == 0
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

    /// axe-core in headless Chromium; the screenshot of the page's top is saved too.
    static func axe(_ page: String, screenshot: String) throws -> ProgramRun {
        try ProgramRun("/usr/bin/env", [python, axeCheck, page, "--screenshot", screenshot], timeout: 180)
    }

    @Test("A passing run's report lists every criterion for every flow in its own language, plays each phrase, and axe-core finds nothing")
    func passingReport() throws {
        let folder = try Self.folder()
        let run = try AnnounceProcess.run(["flow", "check", "--report", "\(folder)/report", "\(Self.flows)/login.en.yaml", "\(Self.flows)/login.nb.yaml"])
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
        try #require(Self.browserReady, "Chromium, chromedriver and axe-selenium-python are needed: run scripts/install-deps.")
        let axe = try Self.axe("\(folder)/report/index.html", screenshot: "\(folder)/top.png")
        #expect(axe.status == 0, "\(axe.standardOutput)\(axe.standardError)")
        #expect(axe.standardOutput.contains("found 0 violations"))
    }

    @Test("A broken flow's report shows contrast, focus order and the late error under their criteria, with JUnit and JSON from the same run")
    func brokenReport() throws {
        let folder = try Self.folder()
        let run = try AnnounceProcess.run([
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
        try #require(Self.browserReady, "Chromium, chromedriver and axe-selenium-python are needed: run scripts/install-deps.")
        let axe = try Self.axe("\(folder)/report/index.html", screenshot: "\(folder)/top.png")
        #expect(axe.status == 0, "\(axe.standardOutput)\(axe.standardError)")
        #expect(axe.standardOutput.contains("found 0 violations"))
        #expect(FileManager.default.fileExists(atPath: "\(folder)/top.png"))
    }
}
