import TestSupport
import AnnouncerCore
import AnnouncerProtocol
import Foundation
import Testing

/// The commands a shell needs: `say -`, `cancel`, `stop` and `--version`.
@Suite(.serialized, .startsProcesses) struct ShellCommandsTests {
    @Test("announce --version prints the version alone on one line")
    func versionIsOneLine() async throws {
        let result = try await AnnounceProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(result.standardOutput)")
    }

    @Test("say - speaks standard input, its lines joined, instead of a hyphen")
    func sayReadsStandardInput() async throws {
        let result = try await AnnounceProcess.run(["say", "--sink", "null", "--events", "-", "-"], input: "Build finished\nwith two warnings\n")
        #expect(result.status == 0, "\(result.standardError)")
        let received = try EventLine.parse(result.standardOutput).filter { $0.event == .received }
        #expect(received.map(\.text) == ["Build finished with two warnings"])
    }

    @Test("stop ends what speaks and names it; cancel ends one by id, a region's, or all, and says how many; a missing target is one sentence")
    func stopAndCancel() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        let socket = ["--socket", server.socketPath]
        // Each is long enough (a minute, and half a minute) to be speaking or waiting still when the next
        // announce, a new process on a busy machine, comes for it seconds later.
        let long = "This long announcement keeps speaking until the shell stops it with announce stop."
            + String(repeating: " It goes on and on.", count: 60)
        let build = "Waiting in the build region" + String(repeating: ", and still waiting", count: 40)
        _ = try await AnnounceProcess.run(["say"] + socket + [long])
        _ = try await AnnounceProcess.run(["say"] + socket + ["--region", "build", build])
        _ = try await AnnounceProcess.run(["say"] + socket + ["Waiting third"])
        // The stop comes once the long one is heard.
        _ = await listener.events(until: { $0.event == .firstAudio && $0.text == long }, timeout: 10)

        let stop = try await AnnounceProcess.run(["stop"] + socket)
        // The long text is shortened so that the line fits 80 cells.
        #expect(stop.status == 0 && stop.standardOutput.hasPrefix("Stopped announcement 1: \"This long announcement"), "\(stop.standardOutput)\(stop.standardError)")
        #expect(stop.standardOutput.hasSuffix("…\".\n") && stop.standardOutput.count <= 81, "\(stop.standardOutput)")
        let stopped = await listener.events(until: { $0.event == .ended && $0.text == long }, timeout: 10)
        #expect(stopped.last?.outcome == .cancelled)

        let region = try await AnnounceProcess.run(["cancel"] + socket + ["--region", "build"])
        #expect(region.status == 0, "\(region.standardError)")
        #expect(region.standardOutput == "Cancelled 1 announcement of region build.\n", "\(region.standardOutput)")
        let all = try await AnnounceProcess.run(["cancel"] + socket + ["--all"])
        #expect(all.status == 0, "\(all.standardError)")
        // "Waiting third" may have been spoken by now, or be waiting or speaking.
        #expect(["Cancelled 1 announcement.\n", "Nothing was cancelled: nothing was waiting or speaking.\n"].contains(all.standardOutput),
                "\(all.standardOutput)")
        let gone = try await AnnounceProcess.run(["cancel"] + socket + ["1"])
        #expect(gone.standardOutput == "Nothing was cancelled: announcement 1 was not waiting or speaking.\n", "\(gone.standardOutput)")
        let ends = await listener.events(until: { $0.event == .ended && $0.text == "Waiting third" }, timeout: 10).filter { $0.event == .ended }
        #expect(ends.contains { $0.text == build && $0.outcome == .cancelled }, "\(ends)")
        #expect(ends.last?.outcome == .cancelled || ends.last?.outcome == .spoken)

        let nothing = try await AnnounceProcess.run(["stop"] + socket)
        #expect(nothing.standardOutput == "Nothing was speaking.\n" || nothing.standardOutput.hasPrefix("Stopped"))
        let missing = try await AnnounceProcess.run(["cancel"] + socket)
        #expect(missing.status != 0)
        #expect(missing.standardError.hasPrefix("Error: Name what to cancel: an announcement's id, --region ID, or --all."))
    }

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

    @Test("A flow file or voice profile that does not exist is reported as not found")
    func missingFilesAreNotFound() async throws {
        let flow = try await AnnounceProcess.run(["flow", "check", "--sink", "null", "/nonexistent/login.yaml"])
        #expect(flow.status != 0)
        #expect(flow.standardOutput.contains("/nonexistent/login.yaml: The file was not found"), "\(flow.standardOutput)")
        #expect(!flow.standardOutput.contains("UTF-8"))
    }

    @Test("Invalid UTF-8 on standard input gets one warning, from say -, pipe and emacspeak alike")
    func invalidUTF8GetsOneWarning() async throws {
        let environment = AnnounceProcess.hermeticEnvironment.merging(["ANNOUNCE": AnnounceProcess.executable.path]) { $1 }
        for command in ["say --sink null --rate 450 -", "pipe --sink null --rate 450", "emacspeak --sink null"] {
            let run = try await ProgramRun.run("/bin/bash", ["-c", #"printf 'q {caf\xe9}\nd\nq {\xff again}\nd\n' | "$ANNOUNCE" "# + command],
                                     environment: environment, timeout: 60)
            #expect(run.status == 0, "\(command): \(run.standardError)")
            let warnings = run.standardError.split(separator: "\n").filter { $0.contains("UTF-8") }
            #expect(warnings == ["Line 1 of the input is not valid UTF-8; the bytes that are not were left out."], "\(command): \(run.standardError)")
        }
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

    @Test("events --text prints the live timeline as plain sentences, from 0 ms, each under 80 characters here")
    func eventsAsSentences() async throws {
        let server = try await ServerProcess.start()
        defer { server.end() }
        let socket = server.socketPath
        // events runs until it is sent SIGINT, as by Ctrl-C, once the announcement has ended (timeout
        // ends it after a minute instead); the shell notes its process id first.
        let pidFile = temporaryPath("events.pid")
        let events = Task {
            try await ProgramRun.run("/bin/bash", ["-c", #"echo $$ > "$1"; exec /usr/bin/timeout -s INT 60 "$0" events --text --socket "$2""#,
                                                   AnnounceProcess.executable.path, pidFile, socket])
        }
        // Said once events is connected (the observer is the other client), so it sees it arrive.
        let observer = try SocketClient(path: socket)
        #expect(await waitFor({ (observer.request(.status)?.body(StatusBody.self)?.clients ?? 0) >= 2 }, seconds: 20))
        _ = observer.request(.subscribe)
        _ = try await AnnounceProcess.run(["say", "--socket", socket, "--rate", "450", "Saved"])
        #expect(await observer.events(until: { $0.event == .ended }).last?.outcome == .spoken)
        let pid = try #require(Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(pid, SIGINT)
        let run = try await events.value
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "0.0 ms: announcement 1 received, polite, English: \"Saved\"", "\(run.standardOutput)")
        #expect(lines.last?.hasSuffix("announcement 1 ended: spoken.") == true, "\(run.standardOutput)")
        #expect(lines.contains { $0.contains("announcement 1 first audio, ") && $0.hasSuffix(" after arrival.") })
        #expect(lines.allSatisfy { $0.count <= 80 && !$0.contains("{") })
    }
}

/// Wrong names get the nearest right one.
@Suite(.startsProcesses) struct NameHintTests {
    @Test("A command or option from other tools, or misspelt, is answered with announce's own name for it",
          arguments: [
              (["speak", "hi"], "Error: There is no command \"speak\"; did you mean announce say?"),
              (["statu"], "Error: There is no command \"statu\"; did you mean announce status?"),
              (["say", "--language", "nb", "hi"], "Error: Unknown option '--language'. Did you mean --lang?"),
              (["say", "--rat", "200", "hi"], "Error: Unknown option '--rat'. Did you mean '--rate'?"),
          ])
    func nearestName(arguments: [String], first line: String) async throws {
        let run = try await AnnounceProcess.run(arguments)
        #expect(run.status == 64)
        #expect(run.standardError.split(separator: "\n").first.map(String.init) == line, "\(run.standardError)")
    }
}

/// Each command's help lists what it takes.
@Suite(.startsProcesses) struct CommandHelpTests {
    @Test("voices --help lists only what voices takes: no sink, no queue rules")
    func voicesHelpIsItsOwn() async throws {
        let help = try await AnnounceProcess.run(["voices", "--help"])
        #expect(help.status == 0)
        for own in ["--try", "--lang", "--socket", "--embedded", "--voices"] { #expect(help.standardOutput.contains(own), "\(own)") }
        for foreign in ["--sink", "--duplicate-window", "--when-audio-fails", "--max-waiting-polite"] {
            #expect(!help.standardOutput.contains(foreign), "\(foreign)")
        }
    }
}
