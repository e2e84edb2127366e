import TestSupport
import Foundation
import Testing

/// `announce flow check` on the shipped flows through a real engine, and its reports and recordings. What
/// it prints for passing and failing flows is AnnounceCommandTests' `FlowCheckCommandTests`.
@Suite(.startsProcesses) struct FlowCheckTests {
    static let flows = Repository.path("Flows")

    /// A private folder for reports and recordings.
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("flows-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
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
