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
            if let hinted = hintedError(for: error, arguments: Array(CommandLine.arguments.dropFirst())) {
                for line in hinted { PlainOutput.error(line) }
                Foundation.exit(exitCode(for: error).rawValue)
            }
            PlainErrorExit.exit(Self.self, for: error)
        }
    }

    /// What announce says on standard error when `arguments` name a command or option it does not
    /// know and a right name is near (NameHints): the error with the hint, then where the commands are
    /// listed. Nil for any other error, which the parser's own message tells.
    public static func hintedError(for error: any Error, arguments: [String]) -> [String]? {
        let names = configuration.subcommands.compactMap { $0.configuration.commandName }
        guard let hint = NameHints.hint(arguments: arguments, subcommands: names, errorMessage: fullMessage(for: error)) else { return nil }
        // A command it does not know is said in the hint's own words; an option keeps the parser's sentence.
        let said = hint.hasPrefix("There is no command") ? hint : "\(message(for: error)). \(hint)"
        return ["Error: \(said)", "See 'announce --help' for the commands and their options."]
    }
}
