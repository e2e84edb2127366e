import AnnouncerClient
import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerProtocol
import ArgumentParser
import Foundation
import Synchronization

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
        let printer = text ? SentencePrinter() : nil
        // Ctrl-C is how this command is meant to end: exit at once, without closing the
        // connection first, so the loop below never mistakes our own close for the server's;
        // sentences still held for their order are printed first.
        TerminationSignals.install { _ in
            printer?.flush()
            Foundation.exit(0)
        }
        let reply = try connection.request(JSONRequest.subscribe)
        guard reply.reply?.ok == true else { throw CommandFailure(reply.reply?.message ?? "The server refused to stream events.") }
        guard let printer else {
            while let line = connection.nextLine() { SentencePrinter.write(line) }
            throw CommandFailure(ClientError.connectionClosed.description)
        }
        while true {
            switch connection.nextLine(waitingAtMost: .microseconds(printer.holdMicroseconds)) {
            case let .line(line):
                if let event = ServerLine(line).event { printer.add(event) } else { printer.flush(); SentencePrinter.write(line) }
            case .nothingYet:
                printer.flush()
            case .closed:
                printer.flush()
                throw CommandFailure(ClientError.connectionClosed.description)
            }
        }
    }
}

/// Prints events as sentences in the order of their times, a moment after they happen, with times
/// from the first event printed.
private final class SentencePrinter: Sendable {
    private let state = Mutex<(ordered: TimeOrderedEvents, origin: UInt64?)>((TimeOrderedEvents(), nil))
    let holdMicroseconds = TimeOrderedEvents().holdMicroseconds

    static func write(_ line: String) { PlainOutput.destination.writeOutput(line + "\n") }

    func add(_ event: EventLine) { state.withLock { say($0.ordered.add(event), origin: &$0.origin) } }

    func flush() { state.withLock { say($0.ordered.flush(), origin: &$0.origin) } }

    private func say(_ events: [EventLine], origin: inout UInt64?) {
        for event in events {
            let start = origin ?? event.time.microseconds
            origin = start
            Self.write(PlainLineWrapper.fitted(EventLineSentence.sentence(for: event, originMicroseconds: start)))
        }
    }
}
