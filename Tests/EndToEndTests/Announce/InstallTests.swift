import TestSupport
import Foundation
import Testing

/// scripts/install, as a user runs it, into a prefix of the test's own.
@Suite(.startsProcesses) struct InstallTests {
    @Test("An installed copy reads its voices from the prefix, runs its own synthesis worker and speaks; the units start the installed server")
    func installedCopyStandsAlone() async throws {
        let prefix = temporaryPath("prefix")
        let built = ServerProcess.directory.path
        let install = try await ProgramRun.run("/bin/bash", [Repository.path("scripts/install"), "--prefix", prefix, "--built", built],
                                     environment: ["XDG_CONFIG_HOME": prefix + "/config"], timeout: 120)
        #expect(install.status == 0, "\(install.standardOutput)\(install.standardError)")

        // Run with the source tree gone: in a mount namespace of its own, an empty folder covers it,
        // so nothing of it (voices, worker, build folder) can be found; and no variable points back into it.
        let environment = ["ANNOUNCER_SHIPPED_VOICES": "", "ANNOUNCER_SYNTH_WORKER": "", "XDG_CONFIG_HOME": prefix + "/config"]
        let hide = try #require(SourceTreeHider.find(), "Neither unshare --mount nor unshare --user --mount works here, so the source tree cannot be hidden.")
        let voices = try await ProgramRun.run(hide.program, hide.arguments(prefix + "/bin/announce", ["voices", "--embedded"]), environment: environment)
        #expect(voices.status == 0, "\(voices.standardError)")
        #expect(voices.standardOutput.unwrapped.contains("Read from \(prefix)/share/announcer/voices/en.yaml."), "\(voices.standardOutput)")
        #expect(voices.standardOutput.unwrapped.contains("Read from \(prefix)/share/announcer/voices/nb.yaml."))
        #expect(!voices.standardOutput.contains(Repository.path("Voices")))

        let wav = temporaryPath("installed.wav")
        let say = try await ProgramRun.run(hide.program, hide.arguments(prefix + "/bin/announce", ["say", "--sink", "wav:\(wav)", "Installed and speaking"]),
                                 environment: environment)
        #expect(say.status == 0, "\(say.standardError)")
        #expect(((try? FileManager.default.attributesOfItem(atPath: wav)[.size] as? Int) ?? 0) > 20_000)

        // A prefix outside the home folder gets the units in its own lib/systemd/user.
        let unit = try String(contentsOfFile: prefix + "/lib/systemd/user/announcerd.service", encoding: .utf8)
        #expect(unit.contains("ExecStart=\(prefix)/bin/announcerd"), "\(unit)")
        for document in ["README.md", "LICENSE", "docs/PROTOCOL.md", "docs/EMACSPEAK.md", "Voices/README.md"] {
            #expect(FileManager.default.fileExists(atPath: "\(prefix)/share/doc/announcer/\(document)"), "\(document)")
        }

        // man finds the pages through PATH alone, as for a user with PREFIX/bin on it and no MANPATH.
        let man = try await ProgramRun.run("/usr/bin/env", ["-u", "MANPATH", "PATH=\(prefix)/bin:/usr/bin:/bin", "man", "-w", "announce"])
        #expect(man.standardOutput.unwrapped.trimmingCharacters(in: .whitespacesAndNewlines) == "\(prefix)/share/man/man1/announce.1",
                "\(man.standardOutput)\(man.standardError)")

        // The README's step 5 works on the installed example flows, with the source tree hidden.
        let flows = "\(prefix)/share/announcer/flows"
        let check = try await ProgramRun.run(hide.program, hide.arguments(prefix + "/bin/announce", ["flow", "check", "--sink", "null", "\(flows)/login.en.yaml", "\(flows)/login.nb.yaml"]),
                                   environment: environment)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        for example in ["web/login.nb.html", "web/patterns/patterns.css", "broken/login-broken.en.yaml"] {
            #expect(FileManager.default.fileExists(atPath: "\(flows)/\(example)"), "\(example)")
        }
    }

    @Test("Every relative link and image in the installed documents and pages leads to an installed file")
    func installedLinksResolve() async throws {
        let prefix = temporaryPath("prefix-links")
        let install = try await ProgramRun.run("/bin/bash", [Repository.path("scripts/install"), "--prefix", prefix, "--built", ServerProcess.directory.path, "--no-manual"],
                                     environment: ["XDG_CONFIG_HOME": prefix + "/config"], timeout: 120)
        #expect(install.status == 0, "\(install.standardOutput)\(install.standardError)")
        let share = URL(fileURLWithPath: prefix + "/share")
        let links = try InstalledLinks.find(under: share)
        // The README alone links to more than ten documents; finding none would mean the walk is broken.
        #expect(links.count > 50, "only \(links.count) links found")
        let broken = links.filter { !FileManager.default.fileExists(atPath: $0.target.path) }
        #expect(broken.isEmpty, "\(broken.count) broken: \(broken.map { "\($0.file.path.dropFirst(share.path.count)) → \($0.written)" })")
    }
}

/// Runs a program with the source tree hidden: `unshare` makes a mount namespace in which an empty tmpfs
/// covers the repository, and the program runs only once the repository's `Package.swift` is gone.
struct SourceTreeHider {
    let program = "/usr/bin/unshare"
    /// `--mount` as root; `--user --map-root-user --mount` for anyone where user namespaces are allowed.
    let namespaceOptions: [String]

    /// The first way of hiding that works here, tried for real; nil when none does.
    static func find() -> SourceTreeHider? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return nil }
        for options in [["--mount"], ["--user", "--map-root-user", "--mount"]] {
            let hider = SourceTreeHider(namespaceOptions: options)
            if let run = try? ProgramRun(hider.program, hider.arguments("/bin/true", [])), run.status == 0 { return hider }
        }
        return nil
    }

    func arguments(_ executable: String, _ arguments: [String]) -> [String] {
        let script = #"mount -t tmpfs none "$0" && test ! -e "$0/Package.swift" && exec "$@""#
        return namespaceOptions + ["/bin/sh", "-c", script, Repository.root.path, executable] + arguments
    }
}
