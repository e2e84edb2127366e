import Foundation
import Glibc
import TestSupport
import Testing

extension WebTests {
    /// The real Orca 43 reading a real Chromium on a private X desktop that announce starts and ends, keys
    /// sent through XTest, its speech received by a private announcerd: `web check --reader orca` and
    /// `announce at-driver`. Each desktop is private (its own X display, session bus and accessibility bus,
    /// its parts marked with its folder), so these tests run side by side with each other and the rest.
    @Suite struct ScreenReader {
        /// In CI every part must be there; elsewhere these tests need xvfb, orca and chromium.
        static let desktopInstalled = ProcessInfo.processInfo.environment["CI"] == "true"
            || ["/usr/bin/Xvfb", "/usr/bin/orca", "/usr/bin/chromium"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }

        /// Orca's speech plays to the tests' PulseAudio null sink when there is one, else to the null sink.
        static var sink: [String] { PulseAudioCapture.isAvailable ? [] : ["--sink", "null"] }

        /// The processes alive now that a private desktop started: each has `ANNOUNCE_DESKTOP=FOLDER` in its
        /// environment (announce marks every part so), and the folder is the one its command printed.
        static func processes(ofDesktopIn output: String) throws -> [String] {
            let match = try #require(output.firstMatch(of: try Regex(#"with its files in (\S+)\."#)), "no desktop folder in: \(output)")
            return WebTests.processes(withEnvironment: "ANNOUNCE_DESKTOP=\(match.output[1].substring ?? "")")
        }

        @Test("A flow's says for Orca passes with what the real Orca says of a check box in a group: not checked, then checked after Space",
              .enabled(if: ScreenReader.desktopInstalled))
        func orcaSaysCheckBoxStates() async throws {
            let run = try await AnnounceProcess.run(["web", "check", "--reader", "orca", "--verbose"] + Self.sink + ["\(WebTests.pages)/orca-checkbox.en.yaml"])
            let output = run.standardOutput.unwrapped
            #expect(run.status == 0, "\(output)\(run.standardError)")
            #expect(output.contains("pass: step 2, line 11, next: Orca said \"Pizza toppings panel.\", then \"List with 2 items.\", then \"Olives check box not checked.\"."), "\(output)")
            #expect(output.contains("pass: step 3, line 13, activate: Orca said \"checked\"."), "\(output)")
            #expect(output.contains("Check box with Orca (orca-checkbox.en.yaml): "), "\(output)")
            // Each utterance with its times: the key, announcerd's receipt, the first audio.
            #expect(output.contains(try Regex(#"heard: step 3, activate: "checked", received \d+\.\d ms after the key, first audio \d+\.\d ms later\."#)), "\(output)")
            #expect(run.standardError.unwrapped.contains(try Regex(#"Orca 43\.\d+ is reading Chromium on the display :\d+, ready after \d+\.\d seconds\."#)))
            let left = try Self.processes(ofDesktopIn: run.standardError.unwrapped)
            #expect(left.isEmpty, "\(left)")
        }

        @Test("A says for Orca that is wrong fails in one sentence naming what Orca said",
              .enabled(if: ScreenReader.desktopInstalled))
        func wrongExpectationNamesWhatOrcaSaid() async throws {
            let folder = try WebTests.folder()
            try """
            flow: Wrong on purpose
            language: en
            page: \(WebTests.pages)/orca-checkbox.en.html
            steps:
              - next
              - next
              - activate:
                expect: { says: { orca: "not checked" } }
            """.write(toFile: "\(folder)/wrong.en.yaml", atomically: true, encoding: .utf8)
            let run = try await AnnounceProcess.run(["web", "check", "--reader", "orca"] + Self.sink + ["\(folder)/wrong.en.yaml"])
            #expect(run.status == 1)
            let failures = run.standardOutput.unwrapped.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
            #expect(failures == ["FAIL: step 3, line 7, activate: Orca said \"checked\", not \"not checked\"."], "\(run.standardOutput.unwrapped)")
            let left = try Self.processes(ofDesktopIn: run.standardError.unwrapped)
            #expect(left.isEmpty, "\(left)")
        }

        @Test("An AT Driver client gets a session naming Orca and its display, presses Tab and Enter on our alert page, and receives Hello with its times",
              .enabled(if: ScreenReader.desktopInstalled))
        func atDriverSessionCapturesOrca() async throws {
            let server = try ATDriverProcess(sink: Self.sink)
            defer { _ = server.stop(signal: SIGINT) }
            let client = try await ProgramRun.run("/usr/bin/python3", [
                Repository.path("Tests/Clients/at_driver_client.py"), server.address,
                URL(fileURLWithPath: "\(WebTests.pages)/orca-alert.en.html").absoluteString,
                #"[["\ue004"], ["\ue007"]]"#,
            ], timeout: 120)
            #expect(client.status == 0, "\(client.standardError)")
            let messages = client.standardOutput.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            let replies = messages.filter { $0["kind"] as? String == "reply" }.compactMap { $0["message"] as? [String: Any] }
            // The session names Orca, Linux and the X display; a second session is refused in the spec's words.
            let capabilities = (replies.first?["result"] as? [String: Any])?["capabilities"] as? [String: Any]
            #expect(capabilities?["atName"] as? String == "orca")
            #expect(capabilities?["platformName"] as? String == "linux")
            #expect((capabilities?["announcer:display"] as? String)?.hasPrefix(":") == true)
            #expect(replies.dropFirst().first?["error"] as? String == "session not created")
            #expect(replies.last?["error"] as? String == "unknown user intent")
            // After Tab, the button; after Enter, the alert's "Hello", as plain text, with the key's, the
            // receipt's and the first audio's times in order.
            let outputs = messages.filter { $0["kind"] as? String == "event" }.compactMap { $0["message"] as? [String: Any] }
                .filter { $0["method"] as? String == "interaction.capturedOutput" }.compactMap { $0["params"] as? [String: Any] }
            let hello = try #require(outputs.last { $0["data"] as? String == "Hello" }, "\(outputs)")
            let timing = try #require(hello["announcer:timing"] as? [String: Double])
            let key = try #require(timing["keySent"]), received = try #require(timing["received"]), audio = try #require(timing["firstAudio"])
            #expect(key < received && received <= audio, "\(timing)")
            #expect(received - key < 2_000)
            #expect(outputs.contains { $0["data"] as? String == "Show alert push button." }, "\(outputs)")
            #expect(await server.stop(signal: SIGINT) == 130)
            let left = try Self.processes(ofDesktopIn: server.standardError.unwrapped)
            #expect(left.isEmpty, "\(left)")
        }

        @Test("When Orca crashes, at-driver says so in one sentence and ends every process it started",
              .enabled(if: ScreenReader.desktopInstalled))
        func orcaCrashEndsTheDesktop() async throws {
            let server = try ATDriverProcess(sink: Self.sink)
            defer { _ = server.stop(signal: SIGINT) }
            let orca = try await ProgramRun.run("/usr/bin/pgrep", ["-P", "\(server.process.processIdentifier)", "-f", "bin/orca -u"])
            let pid = try #require(orca.standardOutput.split(separator: "\n").first.flatMap { Int32($0) })
            kill(pid, SIGKILL)
            #expect(await server.waitForExit(seconds: 20) == 1, "\(server.standardError)")
            #expect(server.standardError.unwrapped.contains("Orca ended by signal 9 (SIGKILL), so the desktop and the server are closed."), "\(server.standardError)")
            let left = try Self.processes(ofDesktopIn: server.standardError.unwrapped)
            #expect(left.isEmpty, "\(left)")
        }
    }
}

/// `announce at-driver` running, with its address once it printed its ready line.
final class ATDriverProcess {
    let process = Process()
    private let output = Pipe(), errors = Pipe()
    private let collected = LogText()
    let address: String

    init(sink: [String]) throws {
        process.executableURL = AnnounceProcess.executable
        process.arguments = ["at-driver", "--port", "0"] + sink
        process.environment = AnnounceProcess.hermeticEnvironment
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let collected = collected
        errors.fileHandleForReading.readabilityHandler = { handle in collected.append(String(decoding: handle.availableData, as: UTF8.self)) }
        // The ready line is data: "ready ws://127.0.0.1:PORT/session display :N".
        var line = ""
        let deadline = Date().addingTimeInterval(60)
        while !line.hasSuffix("\n"), Date() < deadline, process.isRunning {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += String(decoding: chunk, as: UTF8.self)
        }
        let words = line.split(separator: " ")
        guard words.count >= 2, words[0] == "ready" else {
            process.terminate()
            throw ATDriverStartFailure(output: line + collected.text)
        }
        address = String(words[1])
    }

    var standardError: String { collected.text }

    /// Waits for the process to exit, at most `seconds`; its status, or nil if it is still running.
    func waitForExit(seconds: Double) async -> Int32? {
        _ = await waitFor({ !process.isRunning }, seconds: seconds)
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Sends a signal and waits for the exit; the status, as a shell shows it.
    func stop(signal: Int32) -> Int32 {
        if process.isRunning { kill(process.processIdentifier, signal) }
        guard waitFor({ !process.isRunning }, seconds: 20) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return -1
        }
        let status = process.terminationStatus
        return process.terminationReason == .uncaughtSignal ? 128 + status : status
    }
}

struct ATDriverStartFailure: Error, CustomStringConvertible {
    let output: String
    var description: String { "announce at-driver did not print its ready line: \(output)" }
}
