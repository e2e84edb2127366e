import AnnouncerCommandLine
import AnnouncerClient
import AnnouncerCore
import AnnouncerProtocol
import AnnouncerEngine
import ArgumentParser
import Audio
import Foundation

/// The options shared by every command that speaks.
struct SpeechOptions: ParsableArguments {
    @Flag(help: "How urgently to speak (default: --polite).")
    var politeness: Politeness = .polite

    @Option(name: .customLong("lang"), help: ArgumentHelp(
        "Language: en or nb. The default comes from LANG: nb_NO gives nb, anything else en.",
        valueName: "en|nb"))
    var language: Language = Language(locale: ProcessInfo.processInfo.environment["LANG"])

    @Option(help: ArgumentHelp("The live region this updates; a newer announcement for it replaces a waiting one.", valueName: "ID"))
    var region: String?

    @Option(help: ArgumentHelp("Write the event timeline as JSON Lines to this file, or - for standard output.", valueName: "PATH"))
    var events: String?

    @Option(help: ArgumentHelp("Speaking rate in words per minute, 80 to 450.", valueName: "WPM"))
    var rate: Int?

    @Option(help: ArgumentHelp("Pitch, 0 to 100.", valueName: "N"))
    var pitch: Int?

    @Option(help: ArgumentHelp("Volume, 0 to 200; 100 is normal.", valueName: "N"))
    var volume: Int?

    @Flag(help: "Spell the text character by character: \"capital A\", \"at sign\"; in Norwegian \"stor A\", \"krøllalfa\".")
    var spell = false

    @Option(help: ArgumentHelp("Which punctuation is named: none, some (symbols such as @ # /) or all. The server's default is some.", valueName: "LEVEL"))
    var punctuation: PunctuationLevel?

    @OptionGroup var destination: DestinationOptions

    func validate() throws {
        do { _ = try prosody() } catch { throw ValidationError(error.description) }
    }

    func prosody() throws(AnnouncementError) -> Prosody {
        try Prosody(rate: rate, pitch: pitch, volume: volume)
    }

    func announcement(_ text: String, politeness: Politeness? = nil, arrival: MonotonicInstant) throws(AnnouncementError) -> Announcement {
        try Announcement(
            text: text, politeness: politeness ?? self.politeness, language: language,
            region: region.map { RegionID($0) }, prosody: prosody(), arrival: arrival,
            spelled: spell, punctuation: punctuation
        )
    }

    /// Where this command's announcements go; see `DestinationOptions.route()`.
    func route() throws -> Route { try destination.route() }

    /// A speak request for the server carrying these options.
    func speakRequest(_ text: String, politeness: Politeness? = nil, follow: Bool) -> String {
        var fields: [(String, JSONFragment)] = [
            ("request", .string("speak")),
            ("text", .string(text)),
            ("politeness", .string((politeness ?? self.politeness).rawValue)),
            ("lang", .string(language.rawValue)),
        ]
        if let region { fields.append(("region", .string(region))) }
        if let rate { fields.append(("rate", .integer(rate))) }
        if let pitch { fields.append(("pitch", .integer(pitch))) }
        if let volume { fields.append(("volume", .integer(volume))) }
        if spell { fields.append(("spell", .bool(true))) }
        if let punctuation { fields.append(("punctuation", .string(punctuation.rawValue))) }
        if follow { fields.append(("follow", .bool(true))) }
        return JSONFragment.object(fields).encoded
    }

    /// Starts the embedded engine with the timeline observers these options ask for.
    func startEngine() throws -> (SpeechEngine, JSONLinesTimelineWriter?) {
        let engine = try destination.engine.startEngine(label: "announce")
        let writer = try eventsWriter()
        if let writer { engine.scheduler.addObserver(writer) }
        return (engine, writer)
    }

    /// The writer for --events, if it was given.
    func eventsWriter() throws -> JSONLinesTimelineWriter? {
        guard let events else { return nil }
        do throws(EngineError) { return try JSONLinesTimelineWriter(path: events) } catch { throw CommandFailure(error.description) }
    }
}

extension PunctuationLevel: ExpressibleByArgument {}
