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
        abstract: "Print the running server's event timeline until interrupted, as JSON Lines or as sentences.",
        discussion: """
        Needs a running announcer server. Each line is one event; the schema is in docs/PROTOCOL.md. \
        With --text, each is a plain sentence, with its time in milliseconds since the first event \
        printed: "12.5 ms: announcement 3 ended: interrupted by announcement 4."
        """
    )

    @OptionGroup var server: ServerSocketOption

    @Flag(help: "Print each event as a plain sentence instead of JSON.")
    var text = false

    func run() throws {
        let connection = try server.connect()
        // Ctrl-C is how this command is meant to end: exit at once, without closing the
        // connection first, so the loop below never mistakes our own close for the server's.
        TerminationSignals.install { _ in Foundation.exit(0) }
        let output = FileHandle.standardOutput
        let reply = try connection.request(JSONRequest.subscribe)
        guard reply.reply?.ok == true else { throw CommandFailure(reply.reply?.message ?? "The server refused to stream events.") }
        var origin: UInt64?
        while let line = connection.nextLine() {
            var printed = line
            if text, let event = ServerLine(line).event {
                let start = origin ?? event.time.microseconds
                origin = start
                printed = PlainLineWrapper.fitted(EventLineSentence.sentence(for: event, originMicroseconds: start))
            }
            try? output.write(contentsOf: Data((printed + "\n").utf8))
        }
        throw CommandFailure(ClientError.connectionClosed.description)
    }
}
