import AnnouncerClient
import AnnouncerEmbedded
import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerEngine
import AnnouncerFlows
import AnnouncerProtocol
import AnnouncerVoices
import ArgumentParser
import ESpeak
import Foundation

/// `announce flow play FILE`: steps through a flow by keyboard, speaking each element.
struct FlowPlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Step through a flow by keyboard, hearing each element.",
        discussion: """
        Keys: right arrow or Tab moves to the next element, left arrow or Shift-Tab to the previous \
        one (down and up arrow do the same); Enter or Space activates it; t types a line into the \
        focused text field; r reads the focused element again; h turns hints on or off; ? lists the \
        keys; q quits. Each phrase is printed as one plain line as it is spoken, and an app's \
        announcement as "Announcement (assertive): …". Nothing but text and newlines is ever written, \
        so a braille display or a screen reader can follow the output. When standard input is not a \
        terminal, keys are read from it as they come, and the command ends at the end of input once \
        everything has been spoken. Speech goes to the running server, or to an engine inside this \
        process when none runs, or with --embedded or an engine option such as --sink.
        """
    )

    @Argument(help: "The flow file.")
    var file: String

    @Flag(help: "Start with hints on: each element's hint is read after its phrase.")
    var hints = false

    @Option(help: ArgumentHelp("Write the speech's event timeline as JSON Lines to this file.", valueName: "PATH"))
    var events: String?

    @Option(help: ArgumentHelp("Write the speech's event timeline as plain sentences to this file.", valueName: "PATH"))
    var eventsText: String?

    @OptionGroup var destination: DestinationOptions

    @OptionGroup(title: "The virtual reader's phrasing") var phrasing: StyleOptions

    func validate() throws {
        if events == "-" || eventsText == "-" {
            throw ValidationError("--events and --events-text need a file: standard output carries what is spoken.")
        }
    }

    func run() throws {
        let flow: Flow
        switch FlowReader.read(file: file) {
        case let .success(read): flow = read
        case let .failure(error): throw CommandFailure(error.description)
        }
        if let page = flow.page {
            throw CommandFailure("\(file) is a flow of the real page \(page), which flow play cannot play yet; check it with announce web check \(file).")
        }
        let writer = try events.map { path in
            do throws(EngineError) { return try JSONLinesTimelineWriter(path: path) } catch { throw CommandFailure(error.description) }
        }
        let sentences = try eventsText.map { path in
            do throws(EngineError) { return try EventSentenceWriter(path: path) } catch { throw CommandFailure(error.description) }
        }
        let speech = try Self.startSpeech(destination: destination, writer: writer, sentences: sentences)
        let voice = FlowVoice(destination: speech.speechDestination, language: flow.language)
        guard let profile = speech.voices.profile(for: flow.language) else {
            voice.close()
            throw CommandFailure("No voice profile speaks the flow's language, \(flow.language); announce voices lists those there are.")
        }
        let style = phrasing.style ?? flow.writtenStyle
        for line in RoleWordCheck.sentences(flow: flow, profile: profile, style: style) { Self.show(line) }
        let session = FlowSession(flow: flow, profile: profile, hintsOn: hints, style: style)
        // The command's standard input: the process's, or the pipe a test runs the command with.
        let keyboard = PlayKeyboard(fd: StandardInput.descriptor)
        let stopSpeech = speech.stop
        // The player prints from a queue of its own, so it is handed the command's standard output.
        let printed = PlainOutput.destination
        let player = FlowPlayer(session: session, keyboard: keyboard, voice: voice, profile: profile, stopSpeech: {
            stopSpeech()
            writer?.flush()
        }, writeLine: { line in
            PlainOutput.$destination.withValue(printed) { Self.show(line.hasSuffix("\n") ? String(line.dropLast()) : line) }
        })
        let words = player.words

        // Ctrl-C or SIGTERM: the terminal as it was, silence, the timeline written, the usual status.
        TerminationSignals.install { signal in
            TerminalSettings.shared.restore()
            Self.show("\n" + words.line(.interrupted, ["signal": signal == SIGINT ? "Ctrl-C" : "SIGTERM"]))
            stopSpeech()
            writer?.flush()
            Foundation.exit(128 + signal)
        }

        let screen = session.screen.title ?? session.screenID.rawValue
        Self.show(words.line(.opening, ["flow": flow.name, "language": words.line(.language), "screen": screen]))
        Self.show(words.line(.keys) + (hints ? " " + words.line(.hintsAreOn) : ""))
        Self.show(speech.describe(words))

        switch player.run() {
        case .quit:
            player.quit()
            Self.show(words.line(.stopped, ["flow": flow.name]))
        case .endOfInput:
            player.finishSpeaking()
            Self.show(words.line(.endOfInput, ["flow": flow.name]))
        }
        speech.close()
        writer?.flush()
    }

    /// Straight to standard output, unbuffered, so it keeps its place among the player's lines; fitted
    /// to an 80-cell braille display.
    static func show(_ line: String) {
        PlainOutput.line(PlainLineWrapper.fitted(line))
    }

    /// Where the flow is spoken, with what stops it and lets it go.
    struct Speech {
        let speechDestination: any SpeechDestination
        let voices: VoiceLibrary
        /// Where it speaks, in the player's words.
        let describe: (PlayWords) -> String
        /// Cancels everything this run sent that has not ended, and waits until each has; safe from any thread.
        let stop: @Sendable () -> Void
        /// The engine in this process that speaks, when there is one: it ends with the run.
        private let ownEngine: SpeechEngine?

        init(speechDestination: any SpeechDestination, voices: VoiceLibrary, ownEngine: SpeechEngine? = nil, describe: @escaping (PlayWords) -> String) {
            self.speechDestination = speechDestination
            self.voices = voices
            self.ownEngine = ownEngine
            self.describe = describe
            // Unsafe only in name: `cancelOutstanding` is safe from any thread for every destination.
            nonisolated(unsafe) let stopping = speechDestination
            stop = { stopping.cancelOutstanding() }
        }

        /// Lets go of the connection, or lets the engine end.
        func close() {
            speechDestination.close()
            ownEngine?.finish()
        }
    }

    /// The running server, as other commands find it, or an engine in this process.
    static func startSpeech(destination: DestinationOptions, writer: JSONLinesTimelineWriter?, sentences: EventSentenceWriter?) throws -> Speech {
        if let connection = try destination.serverConnection() {
            let ownPrefix = "flow.\(ProcessInfo.processInfo.processIdentifier)."
            var recordEvent: (@Sendable (String) -> Void)?
            if writer != nil || sentences != nil {
                // The server's timeline has every client's events; the files get this run's only.
                recordEvent = { line in
                    guard ServerLine(line).event?.id.rawValue.hasPrefix(ownPrefix) == true else { return }
                    writer?.write(line: line)
                    sentences?.write(line: line)
                }
            }
            let server: ServerDestination
            do {
                server = try ServerDestination(control: connection, recordEvent: recordEvent)
            } catch {
                connection.close()
                throw CommandFailure("\(error)")
            }
            return Speech(speechDestination: server, voices: destination.engine.loadVoices()) { $0.line(.server, ["path": server.path]) }
        } else {
            var options = destination.engine
            // A screen reader reads an element again however soon it comes back to it, so the
            // engine's duplicate filter is off unless asked for.
            if options.duplicateWindow == nil { options.duplicateWindow = 0 }
            let engine = try options.startEngine(label: "announce.flow-play", inProcessFallback: ESpeakEngine.start)
            if let writer { engine.scheduler.addObserver(writer) }
            if let sentences { engine.scheduler.addObserver(sentences) }
            let fellBack = !destination.embedded && !destination.engine.anyGiven
            let sink = engine.sinkSpec
            return Speech(speechDestination: EmbeddedDestination(engine: engine), voices: engine.voices, ownEngine: engine) {
                $0.line(fellBack ? .fallback : .embedded, ["sink": "\(sink)"])
            }
        }
    }
}
