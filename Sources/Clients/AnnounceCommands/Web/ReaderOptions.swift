public import AnnouncerFlows
public import ArgumentParser
import ScreenReaderRig

/// Which real screen reader, if any, reads the pages: `--reader orca` runs the real Orca on a private
/// desktop, with real key presses, and checks the flows' `says: { orca: … }`.
struct ReaderOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Put a real screen reader in the loop: orca runs Orca reading Chromium on a private X desktop, with announcerd as its voice and real key presses.",
        valueName: "orca"))
    var reader: RealReader?

    @Flag(help: "With --reader orca: keep Orca's key echo on (it speaks each key's name first, which delays what follows).")
    var keyEcho = false

    func validate() throws {
        if keyEcho, reader == nil { throw ValidationError("--key-echo is Orca's setting; give it with --reader orca.") }
    }

    /// Orca's settings for the run.
    var settings: OrcaSettings { OrcaSettings(keyEcho: keyEcho) }
}

extension RealReader: ExpressibleByArgument {}
