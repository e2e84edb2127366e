import AnnouncerClient
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

    /// An announcement for the embedded engine, in a language its voices can speak.
    func announcement(
        _ text: String, politeness: Politeness? = nil, region: String?? = nil, voices: VoiceLibrary, arrival: MonotonicInstant
    ) throws(AnnouncementError) -> Announcement {
        try Announcement(
            text: text, politeness: politeness ?? self.politeness, language: embeddedLanguage(voices),
            region: (region ?? self.region).map { RegionID($0) }, prosody: prosody(), arrival: arrival,
            spelled: spell, punctuation: punctuation
        )
    }

    /// `--lang` when it has a profile; without it, the language of `LANG` when it has one, else English.
    func embeddedLanguage(_ voices: VoiceLibrary) throws(AnnouncementError) -> Language {
        if let language {
            try voices.check(language)
            return language
        }
        let fromLocale = Language(locale: ProcessInfo.processInfo.environment["LANG"])
        return voices.profile(for: fromLocale) != nil ? fromLocale : .english
    }

    /// Where this command's announcements go; see `DestinationOptions.route()`.
    func route() throws -> Route { try destination.route() }

    /// A speak request for the server carrying these options.
    func speakRequest(_ text: String, politeness: Politeness? = nil, region: String?? = nil, follow: Bool) throws -> JSONRequest {
        let prosody: Prosody
        do throws(AnnouncementError) {
            prosody = try Prosody(rate: rate, pitch: pitch, volume: volume)
        } catch {
            throw CommandFailure(error.description)
        }
        return .speak(SpeakRequest(
            text: text, politeness: politeness ?? self.politeness, language: language,
            region: (region ?? self.region).map { RegionID($0) }, prosody: prosody, follow: follow, spelled: spell, punctuation: punctuation
        ))
    }

    /// Starts the embedded engine with the timeline observers these options ask for.
    func startEngine() throws -> (SpeechEngine, JSONLinesTimelineWriter?) {
        let writer = try eventsWriter()
        return (try startEngine(events: writer, sentences: try eventsTextWriter()), writer)
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
