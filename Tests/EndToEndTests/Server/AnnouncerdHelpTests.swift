import Testing
import TestSupport

/// announcerd's help, as the program prints it, fits an 80-cell braille display; announce's own
/// commands' help is checked in AnnounceCommandTests, in the test's process.
@Suite(.startsProcesses) struct AnnouncerdHelpTests {
    @Test("announcerd --help fits 80 columns")
    func helpFits() throws {
        let daemon = try ProgramRun(ServerProcess.announcerd.path, ["--help"])
        #expect(daemon.status == 0, "\(daemon.standardError)")
        #expect(daemon.standardOutput.contains("--socket"), "\(daemon.standardOutput)")
        let found = LineLengthTests.overlong(daemon.standardOutput, from: "announcerd --help")
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
