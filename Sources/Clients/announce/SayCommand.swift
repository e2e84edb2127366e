import AnnouncerClient
import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerProtocol
import AnnouncerEngine
import ArgumentParser
import Foundation

/// `announce say`: speaks one announcement, through the server when one runs.
struct SayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "say",
        abstract: "Speak one announcement.",
        discussion: """
        When an announcer server is running, the announcement goes to it, and the command returns \
        once the server has accepted it (or, with --wait, once it has ended). Otherwise, or with \
        --embedded or any engine option such as --sink, it is spoken by an engine inside this \
        process and the command returns when it has ended. \
        The exit status is 1, with a sentence saying why, when the announcement was refused, \
        or when --wait was given or the engine is embedded and it was not spoken.
        """
    )

    @OptionGroup var options: SpeechOptions

    @Flag(help: "Wait until the announcement has ended, then print its outcome and how soon its audio began.")
    var wait = false

    @Argument(help: "The words to speak; - alone reads them from standard input, up to its end.")
    var words: [String]

    func run() throws {
        let arrival = MonotonicInstant.now()
        let text = words == ["-"] ? Self.standardInput() : words.joined(separator: " ")
        guard options.spell ? !text.isEmpty : text.contains(where: { !$0.isWhitespace }) else {
            throw ValidationError(AnnouncementError.emptyText.description)
        }
        switch try options.route() {
        case let .server(connection):
            try speakThroughServer(text, connection: connection)
        case .embedded:
            try speakEmbedded(text, arrival: arrival)
        }
    }

    private func speakEmbedded(_ text: String, arrival: MonotonicInstant) throws {
        let (engine, writer) = try options.startEngine()
        let announcement: Announcement
        do throws(AnnouncementError) {
            announcement = try options.announcement(text, voices: engine.voices, arrival: arrival)
        } catch {
            throw CommandFailure(error.description)
        }
        InterruptHandling.install(engine: engine, writer: writer)
        let timeline = TimelineRecorder()
        engine.scheduler.addObserver(timeline)
        engine.submit(announcement)
        engine.finish()
        writer?.flush()
        guard let ended = timeline.outcome(of: announcement.id) else {
            throw CommandFailure("The announcement ended without an outcome.")
        }
        let latency = timeline.first(.firstAudio, of: announcement.id)?.sinceArrival.milliseconds
        try report(outcome: ended.kind, explanation: ended.explanation, latency: latency)
    }

    private func speakThroughServer(_ text: String, connection: ServerConnection) throws {
        defer { connection.close() }
        InterruptHandling.installForServer()
        let events = try options.eventsWriter()
        let sentences = try options.eventsTextWriter()
        let follow = wait || events != nil || sentences != nil
        // Accepted is not heard: with the server's device down, say so rather than return in silence.
        if let audio = (try? connection.request(JSONRequest.status))?.body(StatusBody.self)?.audio,
           let warning = AudioDownWarning.sentence(for: audio, speaking: "this") {
            PlainOutput.error(warning)
        }
        let reply = try connection.request(try options.speakRequest(text, follow: follow))
        guard reply.reply?.ok == true, let id = reply.id else {
            throw CommandFailure(reply.reply?.message ?? "The server refused the announcement.")
        }
        guard follow else { return }
        var latency: Double?
        while let line = connection.nextLine() {
            guard let event = ServerLine(line).event, event.id == id else { continue }
            events?.write(line: line)
            sentences?.write(line: line)
            switch event.event {
            case .firstAudio:
                latency = event.latency?.value
            case .ended:
                events?.flush()
                guard wait else { return }
                let explanation = event.reason ?? "It was spoken."
                return try report(outcome: event.outcome ?? .failed, explanation: explanation, latency: latency, id: id)
            default:
                break
            }
        }
        throw CommandFailure(ClientError.connectionClosed.description + " The outcome of announcement \(id) is on the server's timeline.")
    }

    /// Prints the outcome line for --wait, and fails when the announcement was not spoken.
    private func report(outcome: Outcome.Kind, explanation: String, latency: Double?, id: AnnouncementID? = nil) throws {
        // Silenced is what --off asks for, so it is no failure; but it was not spoken, and is not said to be.
        let spoken = outcome == .spoken || outcome == .silenced
        if wait {
            let audio = latency.map { String(format: " Its audio began %.1f milliseconds after it arrived.", $0) } ?? ""
            let line = switch outcome {
            case .spoken: "Spoken.\(audio)"
            case .silenced: "Silenced, as --off asks: it is on the timeline and was not spoken."
            default: "Not spoken: \(outcome). \(explanation)"
            }
            print(PlainLineWrapper.fitted(line))
        }
        guard spoken else {
            throw wait ? ExitCode.failure : CommandFailure("The announcement was not spoken. \(explanation)")
        }
    }
}

extension SayCommand {
    /// All of standard input, its lines joined by spaces, as one announcement.
    static func standardInput() -> String {
        var lines: [String] = []
        StandardInputLines().read { _, line in lines.append(line.text) }
        return lines.joined(separator: " ")
    }
}
