import TestSupport
import AnnouncerCore
import AnnouncerProtocol
import Foundation
import Testing

/// dist/shell's hooks, in a real bash and zsh under tmux, speaking through a real `announcerd`.
@Suite(.serialized, .startsProcesses, .enabled(if: TmuxSession.isInstalled, "tmux is installed (CI installs it)"))
struct ShellHooksTests {
    static let zshInstalled = ProcessInfo.processInfo.environment["CI"] == "true" || FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")

    /// What is typed at a prompt: a command line ended with Enter, or keys such as C-c, and how long
    /// to let it run.
    enum Input {
        case line(String, seconds: Double = 0.7)
        case keys([String], seconds: Double = 0.7)
    }

    /// Types `input` into `shell` under tmux, with `LANG=lang`, and returns what the server was asked to say.
    func spoken(in shell: [String], lang: String = "C.UTF-8", _ input: [Input], expecting count: Int) async throws -> [EventLine] {
        let events = temporaryPath("shell-hook.jsonl")
        let server = try await ServerProcess.start(arguments: ["--events", events])
        defer { server.end() }
        let terminal = try TmuxSession(command: ["/usr/bin/env", "ANNOUNCER_SOCKET=\(server.socketPath)",
                                                 "ANNOUNCER_ANNOUNCE=\(AnnounceProcess.executable.path)", "ANNOUNCER_LONG_SECONDS=1",
                                                 "LANG=\(lang)", "LC_ALL=", "LC_MESSAGES="] + shell)
        defer { terminal.kill() }
        try #require(await terminal.waitForLine { $0.hasPrefix("ready>") }, "\(terminal.screen())")
        for step in input {
            switch step {
            case let .line(command, seconds):
                terminal.send(literally: command)
                terminal.send(["Enter"])
                // Not a wait: paces a person's typing, as the step says.
                try await Task.sleep(for: .seconds(seconds))
            case let .keys(keys, seconds):
                terminal.send(keys)
                // Not a wait: paces a person's keystrokes, as the step says.
                try await Task.sleep(for: .seconds(seconds))
            }
        }
        func received() -> [EventLine] {
            let text = (try? String(contentsOfFile: events, encoding: .utf8)) ?? ""
            return ((try? EventLine.parse(text)) ?? []).filter { $0.event == .received }
        }
        _ = await waitFor({ received().count >= count }, seconds: 10)
        // Not a wait: half a second more, in which an announcement too many would show.
        try await Task.sleep(for: .seconds(0.5))
        return received()
    }

    /// The three commands of the first tests: a failure, a quick success, an empty line and a long one.
    // Not a wait: `sleep 2` is the command under test, long enough for its end to be announced.
    static let basics: [Input] = [.line("false"), .line("true"), .line(""), .line("sleep 2", seconds: 2.5)]

    /// Pipelines, where the failure is not the last command's, and VAR=value prefixes.
    static let pipelines: [Input] = [
        .line("false | true"),
        .line("FOO=1 BAR='two words' ls /nonexistent-folder"),
        .line("true | sh -c 'exit 3' | cat"),
        // yes dies of SIGPIPE when head stops reading: not a failure of its own.
        .line("yes | head -n 1"),
    ]

    /// Ctrl-C and Ctrl-Z, then a failure to show the hook still speaks.
    static let interruptions: [Input] = [
        // Not a wait: `sleep 5` is the command under test, which a person interrupts.
        .line("sleep 5", seconds: 0.5), .keys(["C-c"]),
        // Not a wait: `sleep 5` is the command under test, which a person suspends.
        .line("sleep 5", seconds: 0.5), .keys(["C-z"]),
        .line("false"),
    ]

    /// bash with `rc` run first: a prompt, then what the test needs.
    func bash(_ rc: String = "") throws -> [String] {
        let rcfile = temporaryPath("bashrc")
        try "PS1='ready> '\n\(rc)source \(Repository.path("dist/shell/announcer.bash"))\n".write(toFile: rcfile, atomically: true, encoding: .utf8)
        return ["/bin/bash", "--noprofile", "--rcfile", rcfile, "-i"]
    }

    /// zsh with `rc` run first from its .zshrc.
    func zsh(_ rc: String = "") throws -> [String] {
        let home = temporaryPath("zsh-home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try "PROMPT='ready> '\n\(rc)source \(Repository.path("dist/shell/announcer.zsh"))\n".write(toFile: home + "/.zshrc", atomically: true, encoding: .utf8)
        return ["/usr/bin/env", "ZDOTDIR=\(home)", "/usr/bin/zsh", "-i"]
    }

    @Test("bash: a failed command is spoken assertively with its status, a long one politely, a quick success and an empty line not at all")
    func bashHookSpeaksFailures() async throws {
        let said = try await spoken(in: bash(), Self.basics, expecting: 2)
        #expect(said.map(\.text) == ["false failed with status 1.", "sleep finished after 2 seconds."], "\(said)")
        #expect(said.map(\.politeness) == [.assertive, .polite])
        #expect(said.allSatisfy { $0.language == .english })
    }

    @Test("zsh: a failed command is spoken assertively with its status, a long one politely, a quick success and an empty line not at all",
          .enabled(if: zshInstalled, "zsh is installed (CI installs it)"))
    func zshHookSpeaksFailures() async throws {
        let said = try await spoken(in: zsh(), Self.basics, expecting: 2)
        #expect(said.map(\.text) == ["false failed with status 1.", "sleep finished after 2 seconds."], "\(said)")
        #expect(said.map(\.politeness) == [.assertive, .polite])
        #expect(said.allSatisfy { $0.language == .english })
    }

    static let pipelineSayings = ["false failed with status 1.", "ls failed with status 2.", "sh failed with status 3."]

    @Test("bash: in a pipeline the first failing command is named with its status; VAR=value prefixes are not its name")
    func bashNamesTheFirstFailureOfAPipeline() async throws {
        let said = try await spoken(in: bash(), Self.pipelines, expecting: 3)
        #expect(said.map(\.text) == Self.pipelineSayings, "\(said)")
    }

    @Test("zsh: in a pipeline the first failing command is named with its status; VAR=value prefixes are not its name",
          .enabled(if: zshInstalled, "zsh is installed (CI installs it)"))
    func zshNamesTheFirstFailureOfAPipeline() async throws {
        let said = try await spoken(in: zsh(), Self.pipelines, expecting: 3)
        #expect(said.map(\.text) == Self.pipelineSayings, "\(said)")
    }

    @Test("bash: a command stopped with Ctrl-C (130) or Ctrl-Z (148) is not spoken as a failure")
    func bashSkipsInterruptions() async throws {
        let said = try await spoken(in: bash(), Self.interruptions, expecting: 1)
        #expect(said.map(\.text) == ["false failed with status 1."], "\(said)")
    }

    @Test("zsh: a command stopped with Ctrl-C (130) or Ctrl-Z (148) is not spoken as a failure",
          .enabled(if: zshInstalled, "zsh is installed (CI installs it)"))
    func zshSkipsInterruptions() async throws {
        let said = try await spoken(in: zsh(), Self.interruptions, expecting: 1)
        #expect(said.map(\.text) == ["false failed with status 1."], "\(said)")
    }

    @Test("bash and zsh speak Norwegian with the Norwegian voice (--lang nb) when their own locale is nb or nn, whatever the server's")
    func hooksPassTheLanguageOfTheirLocale() async throws {
        for lang in ["nb_NO.UTF-8", "nn_NO.UTF-8"] {
            let shells = Self.zshInstalled ? [try bash(), try zsh()] : [try bash()]
            for shell in shells {
                let said = try await spoken(in: shell, lang: lang, [.line("false")], expecting: 1)
                #expect(said.map(\.text) == ["false feilet med status 1."], "\(shell[0]) \(lang): \(said)")
                #expect(said.map(\.language) == [.norwegianBokmal], "\(shell[0]) \(lang): \(said)")
            }
        }
    }

    @Test("bash: a DEBUG trap set before the hook goes on running, and the hook still speaks")
    func bashChainsOntoAnExistingDebugTrap() async throws {
        let marks = temporaryPath("debug-trap-marks")
        try? FileManager.default.removeItem(atPath: marks)
        let said = try await spoken(in: bash("trap 'echo \"$BASH_COMMAND\" >> \(marks)' DEBUG\n"), [.line("false"), .line("echo typed")], expecting: 1)
        #expect(said.map(\.text) == ["false failed with status 1."], "\(said)")
        let seen = (try? String(contentsOfFile: marks, encoding: .utf8)) ?? ""
        #expect(seen.contains("false\n") && seen.contains("echo typed\n"), "\(seen)")
    }

    @Test("zsh: a preexec function defined before the hook goes on running, and the hook still speaks",
          .enabled(if: zshInstalled, "zsh is installed (CI installs it)"))
    func zshChainsOntoAnExistingPreexec() async throws {
        let marks = temporaryPath("preexec-marks")
        try? FileManager.default.removeItem(atPath: marks)
        let said = try await spoken(in: zsh("preexec() { print -r -- \"$1\" >> \(marks) }\n"), [.line("false"), .line("echo typed")], expecting: 1)
        #expect(said.map(\.text) == ["false failed with status 1."], "\(said)")
        let seen = (try? String(contentsOfFile: marks, encoding: .utf8)) ?? ""
        #expect(seen == "false\necho typed\n", "\(seen)")
    }

    @Test("scripts/install-shell-hooks adds one source line to ~/.bashrc and ~/.zshrc, and running it again adds none")
    func installScriptAddsOneLine() async throws {
        let home = temporaryPath("hooks-home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let environment = ["HOME": home, "XDG_DATA_HOME": home + "/data", "ZDOTDIR": home]
        for _ in 0..<2 {
            let run = try await ProgramRun.run("/bin/bash", [Repository.path("scripts/install-shell-hooks"), "bash", "zsh"], environment: environment)
            #expect(run.status == 0, "\(run.standardError)")
        }
        for (shell, rc) in [("bash", ".bashrc"), ("zsh", ".zshrc")] {
            let text = try String(contentsOfFile: home + "/" + rc, encoding: .utf8)
            let line = "source \"\(home)/data/announcer/shell/announcer.\(shell)\""
            #expect(text.components(separatedBy: "\n").filter { $0 == line }.count == 1, "\(text)")
            #expect(FileManager.default.fileExists(atPath: "\(home)/data/announcer/shell/announcer.\(shell)"))
        }
    }
}
