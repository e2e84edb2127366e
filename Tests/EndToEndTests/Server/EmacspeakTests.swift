import TestSupport
import AnnouncerCore
import AnnouncerProtocol
import Audio
import Foundation
import Testing

/// Emacspeak's speech-server protocol: `announce emacspeak` on its own, Debian's Emacspeak 53 itself
/// in a real terminal, a command log captured from it, and Fenrir's Emacspeak driver, all unmodified.
/// Its stop with an engine inside announce is AnnouncerEngineSeamTests' `EmacspeakOnEmbeddedEngineTests`.
@Suite(.serialized, .startsProcesses) struct EmacspeakTests {
    static let setup = "/usr/share/emacs/site-lisp/emacspeak/lisp/emacspeak-setup.el"
    static let emacspeakInstalled = ProcessInfo.processInfo.environment["CI"] == "true"
        || (FileManager.default.fileExists(atPath: setup) && FileManager.default.isExecutableFile(atPath: "/usr/bin/emacs"))
    static let fenrirDriver = "/usr/lib/python3/dist-packages/fenrirscreenreader/speechDriver/emacspeakDriver.py"
    static let fenrirInstalled = ProcessInfo.processInfo.environment["CI"] == "true"
        || (FileManager.default.fileExists(atPath: fenrirDriver) && FileManager.default.isExecutableFile(atPath: "/usr/bin/tclsh"))

    static let longLine = "A third line that is long enough to be cut by a key press before it has been spoken to its end, because it goes on and on."

    /// The timeline a server or `--events` wrote, read again on each look.
    static func events(_ path: String) -> [EventLine] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        // A line still half written is left for the next look.
        let whole = text.hasSuffix("\n") ? text : String(text[..<(text.lastIndex(of: "\n") ?? text.startIndex)])
        return (try? EventLine.parse(whole)) ?? []
    }

    static func waitFor(seconds: Double = 20, _ condition: () -> Bool) async -> Bool {
        await TestSupport.waitFor(condition, seconds: seconds)
    }

    /// The wrapper in a servers folder of the test's own, installed by the script users run.
    static func installWrapper() async throws -> String {
        let servers = temporaryPath("emacspeak-servers")
        try FileManager.default.createDirectory(atPath: servers, withIntermediateDirectories: true)
        let install = try await ProgramRun.run("/bin/bash", [Repository.path("scripts/install-emacspeak-server"),
                                                   "--announce", AnnounceProcess.executable.path, "--servers", servers])
        try #require(install.status == 0, "\(install.standardOutput)\(install.standardError)")
        #expect(install.standardOutput.contains("Added the speech server announcer to \(servers)"))
        #expect((try? String(contentsOfFile: servers + "/.servers", encoding: .utf8))?.contains("announcer") == true)
        return servers + "/announcer"
    }

    @Test("printf 'tts_set_speech_rate 250\\nq {Hello from Emacspeak}\\nd\\n' | announce emacspeak --sink wav:FILE gives speech in the WAV")
    func dispatchedTextIsInTheWAV() async throws {
        let wav = temporaryPath("emacspeak.wav")
        let run = try await AnnounceProcess.run(["emacspeak", "--sink", "wav:\(wav)"], input: "tts_set_speech_rate 250\nq {Hello from Emacspeak}\nd\n")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.isEmpty && run.standardError.isEmpty, "\(run.standardOutput)\(run.standardError)")
        let sound = try WAVFile(contentsOf: wav)
        let loud = sound.samples.indices.filter { abs(sound.samples[$0]) > 0.05 }
        let heard = Double((loud.last ?? 0) - (loud.first ?? 0)) / Double(sound.sampleRate)
        #expect(heard > 0.4 && heard < 3, "speech lasted \(heard) s")
    }

    @Test("Emacspeak 53, unmodified, in a terminal, speaks through announcerd; a key press cuts the line it was reading",
          .enabled(if: emacspeakInstalled, "Emacspeak is installed (CI installs it)"),
          .enabled(if: TmuxSession.isInstalled, "tmux is installed (CI installs it)"))
    func emacspeakSpeaksThroughTheServer() async throws {
        let wrapper = try await Self.installWrapper()
        let events = temporaryPath("emacspeak-server.jsonl")
        let server = try await ServerProcess.start(arguments: ["--events", events])
        defer { server.end() }
        let log = temporaryPath("emacspeak-commands.log")
        let file = temporaryPath("emacspeak.txt")
        try "The first line of the file.\nThe second line, which Emacspeak reads when the cursor moves down.\n\(Self.longLine)\nFourth.\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        // Deferred native compilation would compile Emacspeak in the background for minutes.
        let terminal = try TmuxSession(command: [
            "/usr/bin/env", "DTK_PROGRAM=\(wrapper)", "ANNOUNCER_SOCKET=\(server.socketPath)", "ANNOUNCER_EMACSPEAK_LOG=\(log)",
            "emacs", "-nw", "-q", "--eval", "(setq native-comp-deferred-compilation nil)", "-l", Self.setup, file,
        ])
        defer { terminal.kill() }
        func commands() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        // Emacspeak is ready once it has told the server its settings.
        try #require(await Self.waitFor(seconds: 90) { commands().contains("tts_sync_state") }, "Emacspeak never started its server:\n\(terminal.screen())")
        // Not a wait: paces a person, who looks at the screen a moment before the first key.
        try await Task.sleep(for: .seconds(1))

        func announcement(_ prefix: String) -> [EventLine] {
            let all = Self.events(events)
            guard let id = all.first(where: { $0.event == .received && $0.text.hasPrefix(prefix) })?.id else { return [] }
            return all.filter { $0.id == id }
        }
        terminal.send(["C-n"])
        try #require(await Self.waitFor { announcement("The second line").contains { $0.event == .firstAudio } },
                     "C-n was not spoken:\n\(commands())\n\(Self.events(events))")
        terminal.send(["C-n"])
        try #require(await Self.waitFor { announcement("A third line").contains { $0.event == .firstAudio } }, "\(commands())")
        // Not a wait: paces a person's keystrokes: the next key comes half a second into the line.
        try await Task.sleep(for: .seconds(0.5))
        let pressed = MonotonicInstant.now()
        terminal.send(["C-n"])
        try #require(await Self.waitFor { announcement("A third line").contains { $0.event == .ended } }, "\(commands())")
        let third = announcement("A third line")
        #expect(third.last?.outcome == .cancelled, "the key press did not cut the line: \(third)")
        let cutAfter = (Double(third.last!.time.microseconds) - Double(pressed.microseconds)) / 1_000
        print("Emacspeak key press to cut: \(cutAfter) ms, Emacs's own work included.")
        #expect(cutAfter < 500, "the cut came \(cutAfter) ms after the key press")
        try #require(await Self.waitFor { announcement("Fourth").last?.event == .ended })
        #expect(announcement("Fourth").last?.outcome == .spoken)
        #expect(announcement("The second line").last?.outcome == .cancelled)

        // What Emacspeak sent, replayed: every command understood.
        let replay = try await AnnounceProcess.run(["emacspeak", "--sink", "null"], input: commands())
        #expect(replay.status == 0 && replay.standardError.isEmpty, "\(replay.standardError)")
        #expect(!server.standardErrorText.contains("rror"), "\(server.standardErrorText)")
    }

    @Test("Fenrir's Emacspeak driver, unmodified, speaks through announcerd by the installed wrapper run with tclsh, and stops",
          .enabled(if: fenrirInstalled, "Fenrir and tclsh are installed (CI installs them)"))
    func fenrirEmacspeakDriverSpeaks() async throws {
        let wrapper = try await Self.installWrapper()
        let events = temporaryPath("fenrir-emacspeak.jsonl")
        let server = try await ServerProcess.start(arguments: ["--events", events])
        defer { server.end() }
        let run = try await ProgramRun.run("/usr/bin/python3", [Repository.path("Tests/Clients/fenrir_emacspeak_client.py"), wrapper],
                                 environment: ["ANNOUNCER_SOCKET": server.socketPath], timeout: 60)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        try #require(await Self.waitFor { Self.events(events).contains { $0.text == "The last line." && $0.event == .ended } },
                     "\(run.standardOutput)\(Self.events(events))")
        let timeline = Self.events(events)
        func outcome(_ prefix: String) -> Outcome.Kind? {
            timeline.last { $0.text.hasPrefix(prefix) && $0.event == .ended }?.outcome
        }
        #expect(outcome("Fenrir speaks through announcer.") == .spoken)
        #expect(outcome("This long line") == .cancelled)
        #expect(outcome("The last line.") == .spoken)
        #expect(!server.standardErrorText.contains("rror"), "\(server.standardErrorText)")
    }
}
