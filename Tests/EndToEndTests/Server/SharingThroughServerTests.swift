import TestSupport
import AnnouncerCore
import AnnouncerProtocol
import Foundation
import Glibc
import Spawning
import Testing

/// No client holds the others' speech, and programs, not connections, share the voice: through a real
/// `announcerd`, with the hostile clients in processes of their own (scripts/announcer_rig/attacker.py,
/// spd-say), so the server sees them as other programs than this test.
/// The server's own logic behind these is tested in the test's process by `PauseSharingOnFakeEngineTests`.
@Suite(.serialized, .startsProcesses) struct SharingThroughServerTests {
    static let attacker = Repository.path("scripts/announcer_rig/attacker.py")
    static let python = "/usr/bin/python3"

    private func latency(_ events: [EventLine]) -> Duration? {
        events.first { $0.event == .firstAudio }?.latency.map { .microseconds(Int64($0.microseconds)) }
    }

    /// Starts attacker.py as a program of its own, its output thrown away; the caller awaits its end.
    private func startAttacker(_ mode: String, _ server: ServerProcess, _ options: [String]) throws -> (RunningChild, String) {
        let report = ServerProcess.makeDirectory() + "/report.json"
        let child = ChildProcess(executable: Self.python, arguments: [Self.attacker, mode, "--socket", server.socketPath, "--report", report] + options)
        return (try RunningChild(child), report)
    }

    // MARK: - Floods from other programs

    @Test("While another program floods IMPORTANT through 50 connections, this program's assertive announcements are spoken at once")
    func manyConnectionsOfOneProgramGetOneShare() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let (flood, report) = try startAttacker("flood", server, ["--connections", "50", "--messages", "100", "--seconds", "8"])
        defer { flood.signal(SIGKILL) }
        // The flood is under way once the server says the attacker sends faster than its rate.
        #expect(await waitFor({ server.standardErrorText.contains("faster than its rate") }, seconds: 10), "\(server.standardErrorText)")
        var latencies: [Duration] = []
        for index in 0..<5 {
            let events = try await speakAssertiveAndFollow("Mine \(index) during the flood", at: server.socketPath)
            #expect(events.last?.outcome == .spoken, "\(events)")
            if let latency = latency(events) { latencies.append(latency) }
            // Not a wait: spreads this program's five announcements over the flood's seconds.
            try await Task.sleep(for: .seconds(0.3))
        }
        await flood.exit()
        // A debug server still taking the flood in may decide late (Benchmarks/README.md: about 9 µs a
        // submission in release, several times that here), so only the median is held to 500 ms; without
        // sharing by program each waited behind thousands of the flood's.
        #expect(latencies.count == 5)
        #expect(latencies.sorted()[2] < .milliseconds(500), "first audio after arrival: \(latencies)")
        #expect(latencies.allSatisfy { $0 < .seconds(2) }, "first audio after arrival: \(latencies)")
        #expect(server.standardErrorText.contains("faster than its rate"), "\(server.standardErrorText)")
        let accepted = try String(contentsOfFile: report, encoding: .utf8)
        #expect(!accepted.contains(#""refused": 1"#), "the flood is shared, not refused")
    }

    @Test("After 100 spd-say -P important at once, another program's assertive announcement cuts in at once", .enabled(if: speechDispatcherClientsInstalled))
    func spdSayRunawayIsOneProgram() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let environment = ProcessInfo.processInfo.environment.merging(
            ["SPEECHD_ADDRESS": "unix_socket:\(server.socketPath)", "LC_ALL": "C.UTF-8"]) { $1 }
        // More than the 20 at once and 10 a second one program may send as assertive, however fast they start.
        let runaway = try (0..<100).map { index in
            try RunningChild(ChildProcess(
                executable: SSIPClientTests.spdSay, arguments: ["-P", "important", "Runaway message number \(index), which says a little more than one word."],
                environment: environment))
        }
        var statuses: [ChildStatus] = []
        for process in runaway { statuses.append(await process.exit()) }
        #expect(statuses.allSatisfy { $0 == .exited(0) }, "\(statuses)")
        let events = try await speakAssertiveAndFollow("Mine after the runaway", at: server.socketPath)
        #expect(events.last?.outcome == .spoken, "\(events)")
        let waited = try #require(latency(events), "\(events)")
        #expect(waited < .milliseconds(500), "first audio \(waited) after arrival")
        #expect(server.standardErrorText.contains("faster than its rate"), "\(server.standardErrorText)")
    }

    @Test("Orca's own speech module speaks, says all and stops as usual while another program floods IMPORTANT", .enabled(if: orcaInstalled))
    func orcaSpeaksWhileAScriptFloods() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let (flood, _) = try startAttacker("flood", server, ["--connections", "20", "--messages", "200", "--seconds", "90"])
        defer { flood.signal(SIGKILL) }
        #expect(await waitFor({ server.standardErrorText.contains("faster than its rate") }, seconds: 10), "\(server.standardErrorText)")
        let run = try await ProgramRun.run(
            // Orca's long text waits for the flood's utterance speaking when it comes, so its stop comes later.
            OrcaSpeechTests.dbusRunSession, ["--", Self.python, OrcaSpeechTests.script, "--quiet-debug", "--total-timeout", "120", "--stop-after", "4"],
            environment: ["SPEECHD_ADDRESS": "unix_socket:\(server.socketPath)", "LC_ALL": "C.UTF-8"], timeout: 150)
        #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
        #expect(run.standardOutput.contains("passed and 0 failed."), "\(run.standardOutput)")
        flood.signal(SIGTERM)
    }
}
