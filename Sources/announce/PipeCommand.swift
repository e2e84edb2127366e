import AnnouncerCommandLine
import AnnouncerClient
import AnnouncerCore
import AnnouncerProtocol
import AnnouncerEngine
import ArgumentParser
import Foundation

/// `announce pipe`: announces each line of standard input as it arrives.
struct PipeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pipe",
        abstract: "Announce each line of standard input as it arrives.",
        discussion: """
        A line may begin with "assertive: ", "polite: " or "off: " to choose its own politeness. \
        Blank lines are skipped. With a running announcer server, each line goes to it, and the \
        command exits once the server has accepted every line (with --events, once every line has \
        ended). Otherwise, or with --embedded or any engine option such as --sink, an engine inside \
        this process speaks them, and the command exits when every accepted line has ended. \
        A line the server refuses is reported on standard error and makes the exit status 1; when the \
        server throttles this client, lines are sent more slowly instead, and none is left out. \
        Example: make 2>&1 | announce pipe --assertive-match 'error|failed'
        """
    )

    @OptionGroup var options: SpeechOptions

    @Option(help: ArgumentHelp("Lines matching this regular expression, ignoring case, are assertive.", valueName: "REGEX"))
    var assertiveMatch: String?

    func validate() throws {
        do throws(PipeLineError) {
            _ = try PipeLineInterpreter(defaultPoliteness: options.politeness, assertivePattern: assertiveMatch)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let interpreter = try PipeLineInterpreter(defaultPoliteness: options.politeness, assertivePattern: assertiveMatch)
        switch try options.route() {
        case let .server(connection): try pipeThroughServer(interpreter, connection: connection)
        case .embedded: try pipeEmbedded(interpreter)
        }
    }

    private func pipeThroughServer(_ interpreter: PipeLineInterpreter, connection: ServerConnection) throws {
        defer { connection.close() }
        InterruptHandling.installForServer()
        let events = try options.eventsWriter()
        var waitingToEnd: Set<AnnouncementID> = []
        var refused = 0
        var throttled = false
        func relay(_ event: ServerLine) {
            events?.write(line: event.text)
            if let ended = event.event, ended.event == .ended { waitingToEnd.remove(ended.id) }
        }
        var lineNumber = 0
        while let line = readLine(strippingNewline: true) {
            lineNumber += 1
            guard let (politeness, text) = interpreter.interpret(line) else { continue }
            let request = try options.speakRequest(text, politeness: politeness, follow: events != nil)
            var reply = try connection.request(request, onEvent: relay)
            // A throttled pipe slows down instead of losing lines: the input waits, as a full pipe would.
            while reply.reply?.error == .throttled {
                if !throttled {
                    throttled = true
                    FileHandle.standardError.write(Data("The server is limiting how fast this client may send, so lines are sent more slowly; none is left out.\n".utf8))
                }
                Thread.sleep(forTimeInterval: 0.1)
                reply = try connection.request(request, onEvent: relay)
            }
            if reply.reply?.ok == true, let id = reply.id {
                if events != nil { waitingToEnd.insert(id) }
            } else {
                refused += 1
                FileHandle.standardError.write(Data("Line \(lineNumber) was not accepted: \(reply.reply?.message ?? "the server refused it.")\n".utf8))
            }
        }
        while !waitingToEnd.isEmpty, let line = connection.nextLine() { relay(ServerLine(line)) }
        events?.flush()
        if !waitingToEnd.isEmpty {
            throw CommandFailure(ClientError.connectionClosed.description + " \(waitingToEnd.count) announcements had not ended; their outcomes are on the server's timeline.")
        }
        if refused > 0 { throw ExitCode.failure }
    }

    private func pipeEmbedded(_ interpreter: PipeLineInterpreter) throws {
        let (engine, writer) = try options.startEngine()
        do throws(AnnouncementError) { _ = try options.embeddedLanguage(engine.voices) } catch {
            throw CommandFailure(error.description)
        }
        InterruptHandling.install(engine: engine, writer: writer)
        let failures = FailureLog()
        while let line = readLine(strippingNewline: true) {
            let arrival = MonotonicInstant.now()
            // A line with nothing to speak (blank, or only a priority marker) is skipped by design.
            guard let (politeness, text) = interpreter.interpret(line),
                  let announcement = try? options.announcement(text, politeness: politeness, voices: engine.voices, arrival: arrival) else { continue }
            engine.submit(announcement) { outcome in
                if case .failed = outcome { failures.report(announcement, outcome) }
            }
        }
        engine.finish()
        writer?.flush()
    }
}

/// Tells the user on standard error of every announcement that failed, so none is lost unheard.
final class FailureLog: Sendable {
    func report(_ announcement: Announcement, _ outcome: Outcome) {
        FileHandle.standardError.write(Data("Announcement \(announcement.id) failed: \(outcome.explanation)\n".utf8))
    }
}
