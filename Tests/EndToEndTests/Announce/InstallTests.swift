import TestSupport
import Foundation
import Testing

/// scripts/install, as a user runs it, into a prefix of the test's own.
@Suite struct InstallTests {
    @Test("An installed copy reads its voices from the prefix, runs its own synthesis worker and speaks; the units start the installed server")
    func installedCopyStandsAlone() throws {
        let prefix = temporaryPath("prefix")
        let built = ServerProcess.directory.path
        let install = try ProgramRun("/bin/bash", [Repository.path("scripts/install"), "--prefix", prefix, "--built", built, "--no-manual"],
                                     environment: ["XDG_CONFIG_HOME": prefix + "/config"], timeout: 120)
        #expect(install.status == 0, "\(install.standardOutput)\(install.standardError)")

        // Run from a folder outside the source tree, with no variable pointing back into it.
        let environment = ["ANNOUNCER_SHIPPED_VOICES": "", "ANNOUNCER_SYNTH_WORKER": "", "XDG_CONFIG_HOME": prefix + "/config"]
        let voices = try ProgramRun(prefix + "/bin/announce", ["voices", "--embedded"], environment: environment)
        #expect(voices.status == 0, "\(voices.standardError)")
        #expect(voices.standardOutput.contains("Read from \(prefix)/share/announcer/voices/en.yaml."), "\(voices.standardOutput)")
        #expect(voices.standardOutput.contains("Read from \(prefix)/share/announcer/voices/nb.yaml."))
        #expect(!voices.standardOutput.contains(Repository.path("Voices")))

        let wav = temporaryPath("installed.wav")
        let say = try ProgramRun(prefix + "/bin/announce", ["say", "--sink", "wav:\(wav)", "Installed and speaking"], environment: environment)
        #expect(say.status == 0, "\(say.standardError)")
        #expect(((try? FileManager.default.attributesOfItem(atPath: wav)[.size] as? Int) ?? 0) > 20_000)

        // A prefix outside the home folder gets the units in its own lib/systemd/user.
        let unit = try String(contentsOfFile: prefix + "/lib/systemd/user/announcerd.service", encoding: .utf8)
        #expect(unit.contains("ExecStart=\(prefix)/bin/announcerd"), "\(unit)")
        for document in ["README.md", "LICENSE", "PROTOCOL.md", "EMACSPEAK.md", "VOICES.md"] {
            #expect(FileManager.default.fileExists(atPath: "\(prefix)/share/doc/announcer/\(document)"), "\(document)")
        }
    }
}
