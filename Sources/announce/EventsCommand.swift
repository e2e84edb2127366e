import AnnouncerClient
import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerProtocol
import ArgumentParser
import Foundation

/// `announce events`: prints the running server's live timeline.
struct EventsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Print the running server's event timeline as JSON Lines until interrupted.",
        discussion: "Needs a running announcer server. Each line is one event; the schema is in docs/PROTOCOL.md."
    )

    @OptionGroup var server: ServerSocketOption

    func run() throws {
        let connection = try server.connect()
        // Ctrl-C is how this command is meant to end: exit at once, without closing the
        // connection first, so the loop below never mistakes our own close for the server's.
        TerminationSignals.install { _ in Foundation.exit(0) }
        let output = FileHandle.standardOutput
        let reply = try connection.request(JSONRequest.subscribe)
        guard reply.reply?.ok == true else { throw CommandFailure(reply.reply?.message ?? "The server refused to stream events.") }
        while let line = connection.nextLine() {
            try? output.write(contentsOf: Data((line + "\n").utf8))
        }
        throw CommandFailure(ClientError.connectionClosed.description)
    }
}
