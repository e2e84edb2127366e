import TestSupport
import Foundation
import Testing

/// `announce flow check` on real flow files, through a real engine: results, timings, failures, reports.
@Suite(.startsProcesses) struct FlowCheckTests {
    static let flows = Repository.path("Flows")

    /// A private folder for broken copies and reports.
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("flows-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The English login flow with `change` applied to its text.
    static func brokenLogin(_ change: (String) -> String, in folder: String) throws -> String {
        let original = try String(contentsOfFile: "\(flows)/login.en.yaml", encoding: .utf8)
        let broken = change(original)
        #expect(broken != original, "the change must change the flow")
        let path = "\(folder)/broken-login.en.yaml"
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The output with each wrapped line joined again: a line that begins with two spaces goes on the one before.
    @Test("Passing flows print one summary line each, and no line is over 80 characters")
    func passingFlowsAreTwoLinesAtMost() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.flows).filter { $0.hasSuffix(".yaml") }.sorted()
        let run = try await AnnounceProcess.run(["flow", "check", "--sink", "null"] + files.map { "\(Self.flows)/\($0)" })
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        #expect(lines.count <= 2 * files.count + 1, "\(run.standardOutput)")
        #expect(run.standardOutput.unwrapped.split(separator: "\n").count == files.count + 1)
    }

    @Test("The login flow passes: every line is a pass, and the error begins within 500 ms")
    func loginFlowPasses() async throws {
        let run = try await AnnounceProcess.run(["flow", "check", "--verbose", "--sink", "null", "\(Self.flows)/login.en.yaml"])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 80 })
        let lines = run.standardOutput.unwrapped.split(separator: "\n").map(String.init)
        #expect(lines.first == "Flow \"Sign in\" (\(Self.flows)/login.en.yaml), en, 13 steps:")
        #expect(!lines.contains { $0.hasPrefix("FAIL") })
        #expect(lines.contains { $0.contains("\"Error: Must be a valid email address\", assertive, began") && $0.hasSuffix("the limit is 500 ms.") })
        #expect(lines.last?.hasPrefix("In all, 1 flow: ") == true && lines.last?.hasSuffix(" 0 failed.") == true)
        #expect(!run.standardOutput.contains("\u{1B}"))
    }

    @Test("Every shipped flow, in English and in Norwegian, passes flow check through a real engine")
    func everyShippedFlowPasses() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.flows).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(files.contains("login.en.yaml") && files.contains("login.nb.yaml"))
        #expect(files.filter { $0.hasSuffix(".nb.yaml") }.count == files.filter { $0.hasSuffix(".en.yaml") }.count)
        let run = try await AnnounceProcess.run(["flow", "check", "--sink", "null"] + files.map { "\(Self.flows)/\($0)" })
        #expect(run.status == 0, "\(run.standardOutput.unwrapped.split(separator: "\n").filter { $0.hasPrefix("FAIL") })")
        #expect(run.standardOutput.unwrapped.contains("In all, \(files.count) flows: "))
        #expect(run.standardOutput.unwrapped.contains("Logg inn (login.nb.yaml): ") && run.standardOutput.unwrapped.contains("Sign in (login.en.yaml): "))
    }

    @Test("An error the app announces too late fails with its measured latency and the limit")
    func lateErrorFails() async throws {
        let folder = try Self.folder()
        let broken = try Self.brokenLogin({
            $0.replacingOccurrences(of: "politeness: assertive, region: login-error }", with: "politeness: assertive, region: login-error, after_ms: 700 }")
        }, in: folder)
        let run = try await AnnounceProcess.run(["flow", "check", "--sink", "null", broken])
        #expect(run.status == 1)
        let failure = try #require(run.standardOutput.unwrapped.split(separator: "\n").first { $0.hasPrefix("FAIL") })
        #expect(failure.contains("\"Error: Must be a valid email address\", assertive, began 7"), "\(failure)")
        // The app's own delay (after_ms) is said apart from the speech's.
        #expect(failure.contains(try Regex(#"the limit is 500 ms\. Too late\. The app took 700 ms to show it; speech began \d+\.\d ms after\.$"#)), "\(failure)")
    }

    @Test("A wrong focus order fails, naming the expected order and the one found")
    func wrongFocusOrderFails() async throws {
        let folder = try Self.folder()
        // The screen gets a wrong order, the toggle before the password; the step still expects the right one.
        let broken = try Self.brokenLogin({
            $0.replacingOccurrences(of: "    elements:\n      - id: organisation",
                                    with: "    focus_order: [organisation, email, show-password, password, sign-in]\n    elements:\n      - id: organisation")
        }, in: folder)
        let run = try await AnnounceProcess.run(["flow", "check", "--sink", "null", broken])
        #expect(run.status == 1)
        #expect(run.standardOutput.unwrapped.contains("FAIL: step 1, line 55, check: Expected the focus order organisation, email, password, show-password, sign-in, but it is organisation, email, show-password, password, sign-in."), "\(run.standardOutput)")
    }

    @Test("A button without a label fails the lint, saying a screen reader would say only its role")
    func missingLabelFails() async throws {
        let folder = try Self.folder()
        let broken = try Self.brokenLogin({ $0.replacingOccurrences(of: "        label: Sign in\n", with: "") }, in: folder)
        let run = try await AnnounceProcess.run(["flow", "check", "--sink", "null", broken])
        #expect(run.status == 1)
        #expect(run.standardOutput.unwrapped.contains("FAIL: lint label, line 40: The button with the id sign-in has no label, so a screen reader says only its role; give it a label that says what it does."), "\(run.standardOutput)")
    }

    @Test("Text with a contrast of 3.9:1 fails the lint with the ratio printed and the 4.5:1 it needs")
    func lowContrastFails() async throws {
        let folder = try Self.folder()
        let broken = try Self.brokenLogin({
            $0.replacingOccurrences(of: ##"colours: { text: "#FFFFFF", background: "#00205B" }"##, with: ##"colours: { text: "#808080", background: "#FFFFFF" }"##)
        }, in: folder)
        let run = try await AnnounceProcess.run(["flow", "check", "--sink", "null", broken])
        #expect(run.status == 1)
        #expect(run.standardOutput.unwrapped.contains("FAIL: lint contrast, line 40: Contrast of \"Sign in\" (sign-in): #808080 on #FFFFFF is 3.9:1; at least 4.5:1 is needed for normal text."), "\(run.standardOutput)")
    }

    @Test("A phrase that differs from the expected one fails, quoting both")
    func differentPhraseFails() async throws {
        let folder = try Self.folder()
        let broken = try Self.brokenLogin({ $0.replacingOccurrences(of: "label: Sign in\n", with: "label: Log on\n") }, in: folder)
        let run = try await AnnounceProcess.run(["flow", "check", "--sink", "null", broken])
        #expect(run.status == 1)
        #expect(run.standardOutput.unwrapped.contains("Expected \"Sign in, button\", but the step said \"Log on, button\"."))
    }

    @Test("A file that cannot be read is one plain sentence with its line, and the other files are still checked")
    func unreadableFileIsReportedAndOthersRun() async throws {
        let folder = try Self.folder()
        let bad = "\(folder)/bad.yaml"
        try "flow: Broken\nlanguage: en\nscreens:\n  - id: s\n    elements:\n      - id: a\n        role: carousel\n        label: Volume\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let run = try await AnnounceProcess.run(["flow", "check", "--sink", "null", bad, "\(Self.flows)/login.en.yaml"])
        #expect(run.status == 1)
        #expect(run.standardOutput.unwrapped.contains("FAIL: \(bad), line 7: The role \"carousel\" is not known; use one of header, text_field"))
        #expect(run.standardOutput.unwrapped.contains("Sign in (login.en.yaml): 28 passed, 0 failed."))
    }

    @Test("--json, --junit and --record give the same results to programs, and the audio and timeline of what was heard")
    func reportsAndRecordings() async throws {
        let folder = try Self.folder()
        let run = try await AnnounceProcess.run(["flow", "check", "--json", "--junit", "\(folder)/junit.xml", "--record", "\(folder)/heard", "\(Self.flows)/login.en.yaml"])
        #expect(run.status == 0, "\(run.standardError)")
        let report = try JSONDecoder().decode(FlowCheckJSON.self, from: Data(run.standardOutput.utf8))
        #expect(report.failed == 0)
        let flow = try #require(report.flows.first)
        let results = flow.results
        let lint = flow.lint
        #expect(results.count + lint.count == report.passed)
        #expect(lint.contains { $0.rule == "contrast" && ($0.contrastRatio ?? 0) > 15 })
        #expect(results.contains { $0.check == "within_ms" && ($0.latency ?? 1e9) < 500 })
        let junit = try String(contentsOfFile: "\(folder)/junit.xml", encoding: .utf8)
        #expect(junit.contains(#"<testsuites name="announce flow check" tests="28" failures="0">"#))
        #expect(junit.contains(#"name="lint contrast (line 40): sign-in""#))
        let wav = try FileManager.default.attributesOfItem(atPath: "\(folder)/heard/login.en.wav")[.size] as? Int ?? 0
        #expect(wav > 22_050 * 2 * 3, "at least three seconds of audio")
        let timeline = try String(contentsOfFile: "\(folder)/heard/login.en.events.jsonl", encoding: .utf8)
        #expect(timeline.contains("\"text\":\"Error: Must be a valid email address\""))
        #expect(timeline.components(separatedBy: "\"event\":\"ended\"").count - 1 == timeline.components(separatedBy: "\"event\":\"received\"").count - 1)

        // The recorded timeline tells the same story as the check: focus phrases are polite and cut by the
        // next gesture, so none waits as an assertive announcement behind the app's error.
        let bench = try await AnnounceProcess.run(["bench", "--events", "\(folder)/heard/login.en.events.jsonl"])
        #expect(bench.status == 0, "\(bench.standardOutput)\(bench.standardError)")
        #expect(bench.standardOutput.contains("Assertive announcements: pass"), "\(bench.standardOutput)")
        let focusPhrase = timeline.split(separator: "\n").first { $0.contains("\"event\":\"received\"") && $0.contains("\"text\":\"Sign in, button\"") }
        #expect(focusPhrase?.contains("\"politeness\":\"polite\"") == true, "focus phrases should be polite:\n\(timeline)")
    }
}

/// What `flow check --json` prints, as far as the test reads it. It is the command's report, not a line of
/// the wire protocol, and the command's own types for it are private and write-only; so this one decodes
/// the fields checked here and no more. Spelling the keys out again is the point: a renamed key fails here.
private struct FlowCheckJSON: Decodable {
    var passed: Int
    var failed: Int
    var flows: [Flow]

    struct Flow: Decodable {
        var results: [Check]
        var lint: [Lint]
    }

    struct Check: Decodable {
        var check: String
        var latency: Double?

        enum CodingKeys: String, CodingKey { case check, latency = "latency_ms" }
    }

    struct Lint: Decodable {
        var rule: String
        var contrastRatio: Double?

        enum CodingKeys: String, CodingKey { case rule, contrastRatio = "contrast_ratio" }
    }
}
