import AnnouncerClient
import AnnouncerEmbedded
import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerEngine
import ArgumentParser
import ESpeak
import Foundation

/// `announce emacspeak`: Emacspeak's speech server, on standard input.
struct EmacspeakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emacspeak",
        abstract: "Speak for Emacspeak: read its speech-server commands on standard input.",
        discussion: """
        Emacspeak starts this through the wrapper that scripts/install-emacspeak-server puts in its \
        servers folder (DTK_PROGRAM=announcer); see docs/EMACSPEAK.md. It reads the protocol of \
        Emacspeak's own eSpeak server: q, c, a, sh and t queue, d speaks, s stops, tts_say, l and p speak \
        at once, and the tts_ and language commands change what follows. With a running announcer \
        server it speaks as one client of the server's queue, and s stops only its own speech; \
        otherwise, or with --embedded or an engine option such as --sink, an engine in this process \
        speaks. Nothing is written on standard output but what list_lang asks for; a command it does \
        not know is skipped with one line on standard error. \
        Example: printf 'q {Hello from Emacspeak}\\nd\\n' | announce emacspeak --sink wav:hello.wav
        """
    )

    @OptionGroup var destination: DestinationOptions

    @Flag(help: "Speak letters (l) and tts_say assertively, so they cut into other clients' polite speech.")
    var assertiveLetters = false

    @Option(help: ArgumentHelp("With an engine in this process, write its timeline as JSON Lines to this file.", valueName: "PATH"))
    var events: String?

    @Option(help: ArgumentHelp("The language to start in; the default is the server's, or, embedded, that of LANG.", valueName: "CODE"))
    var lang: String?

    func validate() throws {
        if events == "-" {
            throw ValidationError("Standard output belongs to Emacspeak, so give --events a file to write the timeline to.")
        }
    }

    func run() throws {
        let immediate: Politeness = assertiveLetters ? .assertive : .polite
        let speech: any SpeechDestination
        var timeline: JSONLinesTimelineWriter?
        if let connection = try destination.serverConnection() {
            // It speaks as one client of the server's queue, and follows nothing: Emacspeak asks for no outcomes.
            speech = try ServerDestination(control: connection, subscribe: false)
        } else {
            let engine = try destination.engine.startEngine(label: "announce", inProcessFallback: ESpeakEngine.start)
            if let events {
                do throws(EngineError) {
                    timeline = try JSONLinesTimelineWriter(path: events)
                    engine.scheduler.addObserver(timeline!)
                } catch {
                    throw CommandFailure(error.description)
                }
            }
            speech = EmbeddedDestination(engine: engine)
        }
        // Refusals are told from the connection's thread, which does not see this command's output.
        let said = PlainOutput.destination
        var server = try EmacspeakServer(
            destination: speech, immediatePoliteness: immediate, version: AnnouncerVersion.current,
            output: { _ = said.passOn($0 + "\n") }, problems: { said.writeError(EmacspeakServer.problemLine($0)) })
        if let lang { _ = server.handle("set_lang \(lang)") }
        let input = StandardInputLines()
        server.run { input.next()?.line.text }
        timeline?.flush()
    }
}
