import Testing

/// Each command's help names the options it takes, and only those.
struct HelpTextTests {
    @Test("voices --help lists only what voices takes: no sink, no queue rules")
    func voicesHelpIsItsOwn() {
        let help = CommandRun.run(["voices", "--help"])
        #expect(help.status == 0)
        for own in ["--try", "--lang", "--socket", "--embedded", "--voices"] { #expect(help.errorMessage.contains(own), "\(own)") }
        for foreign in ["--sink", "--duplicate-window", "--when-audio-fails", "--max-waiting-polite"] {
            #expect(!help.errorMessage.contains(foreign), "\(foreign)")
        }
    }
}
