import AnnouncerClient
import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerProtocol
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
        let events = try options.eventsWriter()
        let sentences = try options.eventsTextWriter()
        // Through a server, the announcement is followed only when its events or outcome are wanted.
        let follow = wait || events != nil || sentences != nil
        let speech = try options.openDestination(events: events, sentences: sentences)
        // Ctrl-C: an engine here ends the announcement with an outcome on the timeline first; what a
        // server accepted is the server's to speak.
        // Unsafe only in name: the signal queue calls `interrupt` alone, which only sends or cancels.
        nonisolated(unsafe) let interrupted = speech
        TerminationSignals.install { signalNumber in
            interrupted.interrupt {
                events?.flush()
                Foundation.exit(128 + signalNumber)
            }
        }
        // Accepted is not heard: with the server's device down, say so rather than return in silence.
        if let audio = speech.serverStatus()?.audio, let warning = AudioDownWarning.sentence(for: audio, speaking: "this") {
            PlainOutput.error(warning)
        }
        let id: AnnouncementID
        switch try submit(options.speakRequest(text, follow: follow), to: speech, arrival: arrival) {
        case let .accepted(accepted): id = accepted
        case let .refused(reason, _): throw CommandFailure(reason ?? "The server refused the announcement.")
        }
        // An engine here is waited for whatever was asked; a server, only when the announcement is followed.
        if follow { speech.timeline.waitUntilEnded([id.rawValue], timeout: .seconds(365 * 24 * 3_600)) }
        speech.finish()
        events?.flush()
        guard follow || !speech.outlivesClient else { return }
        guard let times = speech.timeline.times(of: id.rawValue), let outcome = times.outcome else {
            throw CommandFailure(speech.outlivesClient
                ? ClientError.connectionClosed.description + " The outcome of announcement \(id) is on the server's timeline."
                : "The announcement ended without an outcome.")
        }
        // Without --wait, a server's announcement is done once accepted; it fails only when waited for.
        guard wait || !speech.outlivesClient else { return }
        try report(outcome: outcome, explanation: times.reason ?? "It was spoken.", latency: times.firstAudioLatency)
    }

    private func submit(_ request: SpeakRequest, to speech: any SpeechDestination, arrival: MonotonicInstant) throws -> Submission {
        do throws(DestinationError) { return try speech.submit(request, arrival: arrival) } catch { throw CommandFailure(error.description) }
    }

    /// Prints the outcome line for --wait, and fails when the announcement was not spoken.
    private func report(outcome: Outcome.Kind, explanation: String, latency: Double?) throws {
        // Silenced is what --off asks for, so it is no failure; but it was not spoken, and is not said to be.
        let spoken = outcome == .spoken || outcome == .silenced
        if wait {
            let audio = latency.map { String(format: " Its audio began %.1f milliseconds after it arrived.", $0) } ?? ""
            let line = switch outcome {
            case .spoken: "Spoken.\(audio)"
            case .silenced: "Silenced, as --off asks: it is on the timeline and was not spoken."
            default: "Not spoken: \(outcome). \(explanation)"
            }
            PlainOutput.line(PlainLineWrapper.fitted(line))
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
