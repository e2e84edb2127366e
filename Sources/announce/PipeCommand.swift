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
        Blank lines are skipped. The polite lines of one pipe are one live region, so a newer line \
        replaces those still waiting and the voice keeps up with the input; assertive lines are never \
        replaced, and each is spoken. --every-line speaks every line instead, however far behind. \
        With a running announcer server, each line goes to it; otherwise, or with --embedded or any \
        engine option such as --sink, an engine inside this process speaks them. The command exits \
        once every line has ended, and says on standard error how many were skipped as stale or not \
        spoken, when any were. A line the server refuses is reported on standard error and makes the \
        exit status 1; when the server throttles this client, lines are sent more slowly instead. \
        --tee passes the input through to standard output as it arrives. \
        Example: make 2>&1 | announce pipe --tee --assertive-match 'error|failed'
        """
    )

    @OptionGroup var options: SpeechOptions

    @Option(help: ArgumentHelp("Lines matching this regular expression, ignoring case, are assertive.", valueName: "REGEX"))
    var assertiveMatch: String?

    @Flag(help: "Speak every line, however far behind the input the voice falls, instead of replacing waiting lines with newer ones.")
    var everyLine = false

    @Flag(help: "Pass standard input through to standard output, unchanged, as it arrives.")
    var tee = false

    /// The live region of this pipe's polite lines.
    private static let pipeRegion = "pipe-\(ProcessInfo.processInfo.processIdentifier)"

    /// The region a line goes to: the one --region names; else, unless --every-line, this pipe's for
    /// a polite line; an assertive line none, so that no later line replaces it.
    private func region(for politeness: Politeness) -> String?? {
        if options.region != nil { return nil }
        if everyLine || politeness == .assertive { return .some(nil) }
        return .some(Self.pipeRegion)
    }

    /// True for a line after which the pipe's waiting polite lines are stale: an assertive one, when
    /// the pipe's lines share its region.
    private func makesStale(_ politeness: Politeness) -> Bool {
        politeness == .assertive && !everyLine && options.region == nil
    }

    /// Writes an input line to standard output with --tee.
    private func passThrough(_ line: String) {
        guard tee else { return }
        PlainOutput.line(line)
    }

    /// Says how many lines were not spoken, when any were.
    private func report(_ tally: PipeOutcomeTally) {
        if let summary = tally.summary { PlainOutput.error(summary) }
    }

    func validate() throws {
        if tee && options.events == "-" {
            throw ValidationError("--tee and --events - would both write to standard output; give --events a file.")
        }
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
        let sentences = try options.eventsTextWriter()
        let tally = PipeOutcomeTally()
        var waitingToEnd: Set<AnnouncementID> = []
        var refused = 0
        var throttled = false
        func relay(_ event: ServerLine) {
            events?.write(line: event.text)
            if event.event != nil { sentences?.write(line: event.text) }
            if let ended = event.event, ended.event == .ended {
                if waitingToEnd.remove(ended.id) != nil, let outcome = ended.outcome { tally.record(outcome) }
            }
        }
        var lineNumber = 0
        while let line = readLine(strippingNewline: true) {
            passThrough(line)
            lineNumber += 1
            guard let (politeness, text) = interpreter.interpret(line) else { continue }
            // Followed, so that the pipe learns every line's outcome and can say what was not spoken.
            let request = try options.speakRequest(text, politeness: politeness, region: region(for: politeness), follow: true)
            var reply = try connection.request(request, onEvent: relay)
            // A throttled pipe slows down instead of losing lines: the input waits, as a full pipe would.
            while reply.reply?.error == .throttled {
                if !throttled {
                    throttled = true
                    PlainOutput.error("The server is limiting how fast this client may send, so lines are sent more slowly; none is left out.")
                }
                Thread.sleep(forTimeInterval: 0.1)
                reply = try connection.request(request, onEvent: relay)
            }
            if reply.reply?.ok == true, let id = reply.id {
                waitingToEnd.insert(id)
                // An error makes the pipe's waiting status lines stale: they are not said after it.
                // Sent after the error, which has already cut the line that was speaking.
                if makesStale(politeness) { _ = try connection.request(.cancel(.region(RegionID(Self.pipeRegion))), onEvent: relay) }
            } else {
                refused += 1
                PlainOutput.error("Line \(lineNumber) was not accepted: \(reply.reply?.message ?? "the server refused it.")")
            }
        }
        while !waitingToEnd.isEmpty, let line = connection.nextLine() { relay(ServerLine(line)) }
        events?.flush()
        report(tally)
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
        let tally = PipeOutcomeTally()
        while let line = readLine(strippingNewline: true) {
            passThrough(line)
            let arrival = MonotonicInstant.now()
            // A line with nothing to speak (blank, or only a priority marker) is skipped by design.
            guard let (politeness, text) = interpreter.interpret(line) else { continue }
            guard let announcement = try? options.announcement(
                      text, politeness: politeness, region: region(for: politeness), voices: engine.voices, arrival: arrival) else { continue }
            engine.submit(announcement) { outcome in
                tally.record(outcome.kind)
                if case .failed = outcome { failures.report(announcement, outcome) }
            }
            // An error makes the pipe's waiting status lines stale; the scheduler takes this after the error.
            if makesStale(politeness) { engine.scheduler.cancel(.region(RegionID(Self.pipeRegion))) }
        }
        engine.finish()
        writer?.flush()
        report(tally)
    }
}

/// Tells the user on standard error of every announcement that failed, so none is lost unheard.
final class FailureLog: Sendable {
    func report(_ announcement: Announcement, _ outcome: Outcome) {
        PlainOutput.error("Announcement \(announcement.id) failed: \(outcome.explanation)")
    }
}
