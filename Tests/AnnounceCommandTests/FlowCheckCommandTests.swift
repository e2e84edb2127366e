import AnnouncerCore
import Foundation
import ServerSeamSupport
import Testing
import TestSupport

/// `announce flow check` through announcerd's server in this process, on the fake engine: what it prints
/// for passing and failing flows, the sentences of its failures, and its exit status. EndToEndTests
/// keeps the shipped flows checked through a real engine, and its recordings.
@Suite struct FlowCheckCommandTests {
    static let flows = Repository.path("Flows")

    /// announcerd's server on the fake engine, each word 20 ms, so a flow is spoken in moments. At that pace
    /// a phrase a flow says again comes back within the duplicate window, which goes by the clock, where
    /// eSpeak NG's pace puts it outside: the window is off, as flow check --fast turns it off for the same reason.
    static func server() throws -> InProcessServer {
        var policy = LiveRegionPolicy.standard
        policy.duplicateWindow = .zero
        return try InProcessServer(policy: policy, samplesPerWord: 441)
    }

    /// A private folder for broken copies.
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

    /// `flow check` of the English login flow with `change` applied to its text, through a server of its own.
    static func checkBrokenLogin(_ change: (String) -> String) throws -> CommandRun {
        let server = try server()
        defer { server.stop() }
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let broken = try brokenLogin(change, in: folder)
        return CommandRun.run(["flow", "check", "--socket", server.socketPath, broken])
    }

    /// The shipped flows of the Flows folder itself, each a file name.
    static func shippedFlows() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: flows).filter { $0.hasSuffix(".yaml") }.sorted()
    }

    @Test("Passing flows print one summary line each, and no line is over 80 characters")
    func passingFlowsAreTwoLinesAtMost() throws {
        let server = try Self.server()
        defer { server.stop() }
        let files = try Self.shippedFlows()
        let run = CommandRun.run(["flow", "check", "--socket", server.socketPath] + files.map { "\(Self.flows)/\($0)" })
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.output)\(run.output.error)")
        let lines = run.output.output.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        #expect(lines.count <= 2 * files.count + 1, "\(run.output.output)")
        #expect(run.output.output.unwrapped.split(separator: "\n").count == files.count + 1)
    }

    @Test("The login flow passes: every line is a pass, and the error begins within 500 ms")
    func loginFlowPasses() throws {
        let server = try Self.server()
        defer { server.stop() }
        let run = CommandRun.run(["flow", "check", "--socket", server.socketPath, "--verbose", "\(Self.flows)/login.en.yaml"])
        #expect(run.status == 0, "\(run.errorMessage) \(run.output.output)\(run.output.error)")
        #expect(run.output.output.split(separator: "\n").allSatisfy { $0.count <= 80 })
        let lines = run.output.output.unwrapped.split(separator: "\n").map(String.init)
        #expect(lines.first == "Flow \"Sign in\" (\(Self.flows)/login.en.yaml), en, 13 steps:")
        #expect(!lines.contains { $0.hasPrefix("FAIL") })
        #expect(lines.contains { $0.contains("\"Error: Must be a valid email address\", assertive, began") && $0.hasSuffix("the limit is 500 ms.") })
        #expect(lines.last?.hasPrefix("In all, 1 flow: ") == true && lines.last?.hasSuffix(" 0 failed.") == true)
        #expect(!run.output.output.contains("\u{1B}") && !run.output.error.contains("\u{1B}"))
        // Progress, in words, goes to standard error: through the server it was told to use.
        #expect(run.output.error.contains("Speaking through the server at \(server.socketPath)."), "\(run.output.error)")
    }

    @Test("An error the app announces too late fails with its measured latency and the limit")
    func lateErrorFails() throws {
        let run = try Self.checkBrokenLogin({
            $0.replacingOccurrences(of: "politeness: assertive, region: login-error }", with: "politeness: assertive, region: login-error, after_ms: 700 }")
        })
        #expect(run.status == 1)
        let failure = try #require(run.output.output.unwrapped.split(separator: "\n").first { $0.hasPrefix("FAIL") }, "\(run.output.output)")
        #expect(failure.contains("\"Error: Must be a valid email address\", assertive, began 7"), "\(failure)")
        // The app's own delay (after_ms) is said apart from the speech's.
        #expect(failure.contains(try Regex(#"the limit is 500 ms\. Too late\. The app took 700 ms to show it; speech began \d+\.\d ms after\.$"#)), "\(failure)")
    }

    @Test("A wrong focus order fails, naming the expected order and the one found")
    func wrongFocusOrderFails() throws {
        // The screen gets a wrong order, the toggle before the password; the step still expects the right one.
        let run = try Self.checkBrokenLogin({
            $0.replacingOccurrences(of: "    elements:\n      - id: organisation",
                                    with: "    focus_order: [organisation, email, show-password, password, sign-in]\n    elements:\n      - id: organisation")
        })
        #expect(run.status == 1)
        #expect(run.output.output.unwrapped.contains("FAIL: step 1, line 55, check: Expected the focus order organisation, email, password, show-password, sign-in, but it is organisation, email, show-password, password, sign-in."), "\(run.output.output)")
    }

    @Test("A button without a label fails the lint, saying a screen reader would say only its role")
    func missingLabelFails() throws {
        let run = try Self.checkBrokenLogin({ $0.replacingOccurrences(of: "        label: Sign in\n", with: "") })
        #expect(run.status == 1)
        #expect(run.output.output.unwrapped.contains("FAIL: lint label, line 40: The button with the id sign-in has no label, so a screen reader says only its role; give it a label that says what it does."), "\(run.output.output)")
    }

    @Test("Text with a contrast of 3.9:1 fails the lint with the ratio printed and the 4.5:1 it needs")
    func lowContrastFails() throws {
        let run = try Self.checkBrokenLogin({
            $0.replacingOccurrences(of: ##"colours: { text: "#FFFFFF", background: "#00205B" }"##, with: ##"colours: { text: "#808080", background: "#FFFFFF" }"##)
        })
        #expect(run.status == 1)
        #expect(run.output.output.unwrapped.contains("FAIL: lint contrast, line 40: Contrast of \"Sign in\" (sign-in): #808080 on #FFFFFF is 3.9:1; at least 4.5:1 is needed for normal text."), "\(run.output.output)")
    }

    @Test("A phrase that differs from the expected one fails, quoting both")
    func differentPhraseFails() throws {
        let run = try Self.checkBrokenLogin({ $0.replacingOccurrences(of: "label: Sign in\n", with: "label: Log on\n") })
        #expect(run.status == 1)
        #expect(run.output.output.unwrapped.contains("Expected \"Sign in, button\", but the step said \"Log on, button\"."), "\(run.output.output)")
    }

    @Test("A file that cannot be read is one plain sentence with its line, and the other files are still checked")
    func unreadableFileIsReportedAndOthersRun() throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bad = "\(folder)/bad.yaml"
        try "flow: Broken\nlanguage: en\nscreens:\n  - id: s\n    elements:\n      - id: a\n        role: carousel\n        label: Volume\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let run = CommandRun.run(["flow", "check", "--socket", server.socketPath, bad, "\(Self.flows)/login.en.yaml"])
        #expect(run.status == 1)
        #expect(run.output.output.unwrapped.contains("FAIL: \(bad), line 7: The role \"carousel\" is not known; use one of header, text_field"), "\(run.output.output)")
        #expect(run.output.output.unwrapped.contains("Sign in (login.en.yaml): 28 passed, 0 failed."), "\(run.output.output)")
    }

    @Test("A flow file that does not exist is reported as not found")
    func missingFileIsNotFound() throws {
        let server = try Self.server()
        defer { server.stop() }
        let run = CommandRun.run(["flow", "check", "--socket", server.socketPath, "/nonexistent/login.yaml"])
        #expect(run.status != 0)
        #expect(run.output.output.contains("/nonexistent/login.yaml: The file was not found"), "\(run.output.output)")
        #expect(!run.output.output.contains("UTF-8"))
    }
}
