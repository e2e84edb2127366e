import AnnouncerCommandLine
import AnnouncerCore
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

    @OptionGroup(title: "Embedded engine (giving one of these speaks in this process, not through the server)")
    var engine: EngineOptions

    func validate() throws {
        do { _ = try prosody() } catch { throw ValidationError(error.description) }
    }

    func prosody() throws(AnnouncementError) -> Prosody {
        try Prosody(rate: rate, pitch: pitch, volume: volume)
    }

    func announcement(_ text: String, politeness: Politeness? = nil, arrival: MonotonicInstant) throws(AnnouncementError) -> Announcement {
        try Announcement(
            text: text, politeness: politeness ?? self.politeness, language: language,
            region: region.map { RegionID($0) }, prosody: prosody(), arrival: arrival
        )
    }

    /// Starts the embedded engine with the timeline observers these options ask for.
    func startEngine() throws -> (SpeechEngine, JSONLinesTimelineWriter?) {
        let engine = try engine.startEngine(label: "announce")
        var writer: JSONLinesTimelineWriter?
        if let events {
            do throws(EngineError) { writer = try JSONLinesTimelineWriter(path: events) } catch { throw CommandFailure(error.description) }
            engine.scheduler.addObserver(writer!)
        }
        return (engine, writer)
    }
}
