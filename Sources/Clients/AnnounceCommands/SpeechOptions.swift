import AnnouncerClient
import AnnouncerEmbedded
import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerEngine
import AnnouncerProtocol
import AnnouncerVoices
import ArgumentParser
import Audio
import ESpeak
import Foundation

/// The options shared by every command that speaks.
struct SpeechOptions: ParsableArguments {
    @Flag(help: "How urgently to speak (default: --polite).")
    var politeness: Politeness = .polite

    @Option(name: .customLong("lang"), help: ArgumentHelp(
        "Language: en, nb, or another that has a voice profile (announce voices lists them). Without it, the server's default; embedded, the language of LANG (nb_NO gives nb), else en.",
        valueName: "CODE"))
    var language: Language?

    @Flag(help: "Spell the text character by character: \"capital A\", \"at sign\"; in Norwegian \"stor A\", \"krøllalfa\".")
    var spell = false

    @Option(help: ArgumentHelp("How much punctuation to name: none, some (symbols such as @ and /) or all. Default: the server's, else some.", valueName: "LEVEL"))
    var punctuation: PunctuationLevel?

    @Option(help: ArgumentHelp("The live region this updates; a newer announcement for it replaces a waiting one.", valueName: "ID"))
    var region: String?

    @Option(help: ArgumentHelp("Write the event timeline as JSON Lines to this file, or - for standard output.", valueName: "PATH"))
    var events: String?

    @Option(help: ArgumentHelp("Write the event timeline as plain sentences to this file, or - for standard output.", valueName: "PATH"))
    var eventsText: String?

    @Option(help: ArgumentHelp("Speaking rate in words per minute, 80 to 450.", valueName: "WPM"))
    var rate: Int?

    @Option(help: ArgumentHelp("Pitch, 0 to 100.", valueName: "N"))
    var pitch: Int?

    @Option(help: ArgumentHelp("Volume, 0 to 200; 100 is normal.", valueName: "N"))
    var volume: Int?

    @OptionGroup var destination: DestinationOptions

    func validate() throws {
        do { _ = try prosody() } catch { throw ValidationError(error.description) }
        if events == "-" && eventsText == "-" {
            throw ValidationError("--events - and --events-text - would both write to standard output; give one of them a file.")
        }
    }

    func prosody() throws(AnnouncementError) -> Prosody {
        try Prosody(rate: rate, pitch: pitch, volume: volume)
    }

    /// Where this command's announcements go, the server or an engine here (see `DestinationOptions`),
    /// with the timeline written to these writers: through a server, the lines of what this client
    /// follows, and its error notices to `events`; with an engine here, every event of its timeline.
    func openDestination(events: JSONLinesTimelineWriter?, sentences: EventSentenceWriter?) throws -> any SpeechDestination {
        guard let connection = try destination.serverConnection() else {
            return EmbeddedDestination(engine: try startEngine(events: events, sentences: sentences))
        }
        return try ServerDestination(
            control: connection, subscribe: false,
            recordEvent: { line in
                events?.write(line: line)
                sentences?.write(line: line)
            },
            recordNotice: { line in events?.write(line: line) })
    }

    /// A speak request carrying these options.
    func speakRequest(_ text: String, politeness: Politeness? = nil, region: String?? = nil, follow: Bool) throws -> SpeakRequest {
        let prosody: Prosody
        do throws(AnnouncementError) {
            prosody = try Prosody(rate: rate, pitch: pitch, volume: volume)
        } catch {
            throw CommandFailure(error.description)
        }
        return SpeakRequest(
            text: text, politeness: politeness ?? self.politeness, language: language,
            region: (region ?? self.region).map { RegionID($0) }, prosody: prosody, follow: follow, spelled: spell, punctuation: punctuation
        )
    }

    /// Starts the embedded engine with timeline writers already open (a pipe's, when the server went away).
    func startEngine(events: JSONLinesTimelineWriter?, sentences: EventSentenceWriter?) throws -> SpeechEngine {
        let engine = try destination.engine.startEngine(label: "announce", inProcessFallback: ESpeakEngine.start)
        if let events { engine.scheduler.addObserver(events) }
        if let sentences { engine.scheduler.addObserver(sentences) }
        return engine
    }

    /// The writer for --events-text, if it was given.
    func eventsTextWriter() throws -> EventSentenceWriter? {
        guard let eventsText else { return nil }
        do throws(EngineError) { return try EventSentenceWriter(path: eventsText) } catch { throw CommandFailure(error.description) }
    }

    /// The writer for --events, if it was given.
    func eventsWriter() throws -> JSONLinesTimelineWriter? {
        guard let events else { return nil }
        do throws(EngineError) { return try JSONLinesTimelineWriter(path: events) } catch { throw CommandFailure(error.description) }
    }
}
