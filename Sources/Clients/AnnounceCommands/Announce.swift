import AnnouncerCommandLine
import AnnouncerEngine
public import ArgumentParser
import Foundation
import Logging

/// The `announce` command: speaks announcements with an embedded speech engine.
public struct Announce: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "announce",
        abstract: "Speak short announcements aloud, the way a screen reader speaks live regions.",
        discussion: """
        Each announcement is spoken through eSpeak NG in English (en) or Norwegian Bokmål (nb) \
        and played through ALSA, or recorded with --sink wav:FILE, or paced silently with --sink null. \
        Assertive announcements are spoken before polite ones and cut a polite one that is speaking. \
        say and pipe speak through the running announcer server (announcerd) when one is reachable \
        at --socket, $ANNOUNCER_SOCKET or $XDG_RUNTIME_DIR/announcer/announcer.sock; without one, or \
        with --embedded or an engine option such as --sink, they speak with an engine inside this \
        process. events and status need the server.
        """,
        version: AnnouncerVersion.current,
        subcommands: [SayCommand.self, PipeCommand.self, CancelCommand.self, StopCommand.self, EmacspeakCommand.self, EventsCommand.self, StatusCommand.self, VoicesCommand.self, FlowCommand.self, WebCommand.self, ATDriverCommand.self, BenchCommand.self, DemoCommand.self]
    )

    public init() {}

    /// Runs the command line the program was given, and exits: with 0, or with a plain sentence and
    /// the failure's status.
    public static func main() {
        // Plain lines without timestamps, so a screen reader or braille display reads only the message.
        LoggingSystem.bootstrap { _ in PlainLogHandler(program: "announce", level: .warning) }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let names = configuration.subcommands.compactMap { $0.configuration.commandName }
            if let hint = NameHints.hint(arguments: Array(CommandLine.arguments.dropFirst()), subcommands: names, errorMessage: fullMessage(for: error)) {
                // A command it does not know is said in the hint's own words; an option keeps the parser's sentence.
                let said = hint.hasPrefix("There is no command") ? hint : "\(message(for: error)). \(hint)"
                PlainOutput.error("Error: \(said)")
                PlainOutput.error("See 'announce --help' for the commands and their options.")
                Foundation.exit(exitCode(for: error).rawValue)
            }
            PlainErrorExit.exit(Self.self, for: error)
        }
    }
}
