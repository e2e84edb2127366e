import TestSupport
import Foundation
import Testing

/// The commands a shell needs: `say -`, `cancel`, `stop` and `--version`. `events --text` is
/// AnnounceCommandTests' `EventsCommandTests`; ended by Ctrl-C, `events` is `AnnounceThroughServerTests`'.
@Suite(.serialized, .startsProcesses) struct ShellCommandsTests {
    @Test("--events-text writes the timeline as sentences, with an engine in announce and through the server")
    func eventsTextWritesSentences() async throws {
        let embedded = try await AnnounceProcess.run(["say", "--sink", "null", "--rate", "450", "--events-text", "-", "Saved"])
        #expect(embedded.status == 0, "\(embedded.standardError)")
        let lines = embedded.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "0.0 ms: announcement 1 received, polite, English: \"Saved\"", "\(embedded.standardOutput)")
        #expect(lines.last?.hasSuffix("announcement 1 ended: spoken.") == true)

        // The server's own --events-text, too: every client's announcements, as sentences.
        let serverText = temporaryPath("server-events.txt")
        let server = try await ServerProcess.start(arguments: ["--events-text", serverText])
        defer { server.end() }
        let text = temporaryPath("events.txt")
        let through = try await AnnounceProcess.run(["say", "--socket", server.socketPath, "--rate", "450", "--events-text", text, "Saved"])
        #expect(through.status == 0, "\(through.standardError)")
        let written = try String(contentsOfFile: text, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(written.first?.hasPrefix("0.0 ms: announcement ") == true && written.first?.hasSuffix("received, polite, English: \"Saved\"") == true, "\(written)")
        #expect(written.last?.hasSuffix("ended: spoken.") == true, "\(written)")
        let serverWritten = try String(contentsOfFile: serverText, encoding: .utf8)
        #expect(serverWritten.contains("received, polite, English: \"Saved\"") && serverWritten.contains("ended: spoken."), "\(serverWritten)")

        // And flow play's: the phrases it spoke, in the flow's language.
        let played = temporaryPath("played.txt")
        let play = try await AnnounceProcess.run(
            ["flow", "play", "--embedded", "--sink", "null", "--events-text", played, Repository.path("Flows/login.nb.yaml")], input: "\t"
        )
        #expect(play.status == 0, "\(play.standardError)")
        // Where it speaks, in Bokmål too: the engine inside announce.
        #expect(play.standardOutput.contains("Talemotoren i announce leser opp og sender lyden til null."), "\(play.standardOutput)")
        let playedLines = try String(contentsOfFile: played, encoding: .utf8).unwrapped
        #expect(playedLines.contains("received, polite, Norwegian Bokmål, region flow-focus: \"Blindeforbundet, overskrift\""), "\(playedLines)")
        #expect(playedLines.contains("ended: spoken."), "\(playedLines)")
    }

    @Test("A reader that goes away (announce demo | head -n 1) ends announce quietly with a broken pipe's status, not a crash")
    func brokenPipeEndsQuietly() async throws {
        let script = #""$0" demo --sink null | head -n 1; echo "announce ended with status ${PIPESTATUS[0]}.""#
        let run = try await ProgramRun.run("/bin/bash", ["-c", script, AnnounceProcess.executable.path], environment: AnnounceProcess.hermeticEnvironment)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        // The demo's clock starts before its first announcement arrives, so on a busy machine that is 0.1 ms, not 0.0.
        #expect(lines.first?.contains(try Regex(#"^\d+\.\d ms: announcement 1 received"#)) == true, "\(run.standardOutput)")
        #expect(lines.last == "announce ended with status 141.", "\(run.standardOutput)\(run.standardError)")
        #expect(!run.standardError.contains("Fatal error") && !run.standardError.contains("crashed"), "\(run.standardError)")
    }

    @Test("announcer-synth run by a person says in one sentence what it is, and writes no audio")
    func synthesisWorkerExplainsItself() async throws {
        let worker = ServerProcess.directory.appendingPathComponent("announcer-synth").path
        let run = try await ProgramRun.run(worker, ["--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.hasPrefix("announcer-synth is announcer's synthesis worker") && run.standardError.split(separator: "\n").count == 1,
                "\(run.standardError)")
    }

    @Test("flow check reads its files before it opens any device: a missing file is named even with no sound card")
    func missingFlowFileIsNamedBeforeTheDevice() async throws {
        let alone = try await AnnounceProcess.run(["flow", "check", "--sink", "alsa:hw:97", "/nonexistent/login.yaml"])
        #expect(alone.status != 0)
        #expect(alone.standardOutput.contains("/nonexistent/login.yaml: The file was not found"), "\(alone.standardOutput)")
        #expect(!alone.standardError.contains("audio device"), "\(alone.standardError)")
        // Beside a file that could run, the device's problem ends the command, but the missing file is still named.
        let mixed = try await AnnounceProcess.run(["flow", "check", "--sink", "alsa:hw:97", "/nonexistent/login.yaml", Repository.path("Flows/login.en.yaml")])
        #expect(mixed.status != 0)
        #expect(mixed.standardOutput.contains("/nonexistent/login.yaml: The file was not found"), "\(mixed.standardOutput)")
    }
}
