import AnnouncerCommandLine
import ArgumentParser
import Logging

/// The `announce` command: speaks announcements with an embedded speech engine.
@main
struct Announce: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "announce",
        abstract: "Speak short announcements aloud, the way a screen reader speaks live regions.",
        discussion: """
        Each announcement is spoken through eSpeak NG in English (en) or Norwegian Bokmål (nb) \
        and played through ALSA, or recorded with --sink wav:FILE, or paced silently with --sink null. \
        Assertive announcements are spoken before polite ones and cut a polite one that is speaking. \
        These commands speak with an engine inside this process.
        """,
        subcommands: [SayCommand.self, PipeCommand.self, DemoCommand.self]
    )

    static func main() {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .warning
            return handler
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}
