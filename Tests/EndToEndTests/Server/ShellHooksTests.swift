import TestSupport
import AnnouncerCore
import AnnouncerProtocol
import Foundation
import Testing

/// dist/shell's hooks, in a real bash and zsh under tmux, speaking through a real `announcerd`.
@Suite(.serialized, .enabled(if: TmuxSession.isInstalled, "tmux is installed (CI installs it)"))
struct ShellHooksTests {
    static let zshInstalled = ProcessInfo.processInfo.environment["CI"] == "true" || FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")

    /// Types three commands into `shell` and returns what the server was asked to say.
    func spoken(in shell: [String]) throws -> [EventLine] {
        let events = temporaryPath("shell-hook.jsonl")
        let server = try ServerProcess(arguments: ["--events", events])
        defer { server.stop() }
        let terminal = try TmuxSession(command: ["/usr/bin/env", "ANNOUNCER_SOCKET=\(server.socketPath)",
                                                 "ANNOUNCER_ANNOUNCE=\(AnnounceProcess.executable.path)", "ANNOUNCER_LONG_SECONDS=1",
                                                 "LANG=C.UTF-8"] + shell)
        defer { terminal.kill() }
        try #require(terminal.waitForLine { $0.hasPrefix("ready>") }, "\(terminal.screen())")
        for command in ["false", "true", "", "sleep 2"] {
            terminal.send(literally: command)
            terminal.send(["Enter"])
            Thread.sleep(forTimeInterval: command.hasPrefix("sleep") ? 2.5 : 0.7)
        }
        func received() -> [EventLine] {
            let text = (try? String(contentsOfFile: events, encoding: .utf8)) ?? ""
            return ((try? EventLine.parse(text)) ?? []).filter { $0.event == .received }
        }
        let deadline = Date().addingTimeInterval(10)
        while received().count < 2, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        Thread.sleep(forTimeInterval: 0.5)
        return received()
    }

    @Test("bash: a failed command is spoken assertively with its status, a long one politely, a quick success and an empty line not at all")
    func bashHookSpeaksFailures() throws {
        let rcfile = temporaryPath("bashrc")
        try "PS1='ready> '\nsource \(Repository.path("dist/shell/announcer.bash"))\n".write(toFile: rcfile, atomically: true, encoding: .utf8)
        let said = try spoken(in: ["/bin/bash", "--noprofile", "--rcfile", rcfile, "-i"])
        #expect(said.map(\.text) == ["false failed with status 1.", "sleep finished after 2 seconds."], "\(said)")
        #expect(said.map(\.politeness) == [.assertive, .polite])
    }

    @Test("zsh: a failed command is spoken assertively with its status, a long one politely, a quick success and an empty line not at all",
          .enabled(if: zshInstalled, "zsh is installed (CI installs it)"))
    func zshHookSpeaksFailures() throws {
        let home = temporaryPath("zsh-home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try "PROMPT='ready> '\nsource \(Repository.path("dist/shell/announcer.zsh"))\n".write(toFile: home + "/.zshrc", atomically: true, encoding: .utf8)
        let said = try spoken(in: ["/usr/bin/env", "ZDOTDIR=\(home)", "/usr/bin/zsh", "-i"])
        #expect(said.map(\.text) == ["false failed with status 1.", "sleep finished after 2 seconds."], "\(said)")
        #expect(said.map(\.politeness) == [.assertive, .polite])
    }

    @Test("scripts/install-shell-hooks adds one source line to ~/.bashrc and ~/.zshrc, and running it again adds none")
    func installScriptAddsOneLine() throws {
        let home = temporaryPath("hooks-home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let environment = ["HOME": home, "XDG_DATA_HOME": home + "/data", "ZDOTDIR": home]
        for _ in 0..<2 {
            let run = try ProgramRun("/bin/bash", [Repository.path("scripts/install-shell-hooks"), "bash", "zsh"], environment: environment)
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
