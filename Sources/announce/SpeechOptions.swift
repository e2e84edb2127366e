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

    @Option(help: ArgumentHelp(
        "Where audio goes: alsa, alsa:DEVICE (such as alsa:default, alsa:hw:0, alsa:pulse), null (silent, real-time pace) or wav:FILE. The default is $ANNOUNCER_SINK, else alsa:default.",
        valueName: "SINK"))
    var sink: SinkSpec = (try? SinkSpec(parsing: ProcessInfo.processInfo.environment["ANNOUNCER_SINK"] ?? "")) ?? .standard

    @Option(help: ArgumentHelp("Write the event timeline as JSON Lines to this file, or - for standard output.", valueName: "PATH"))
    var events: String?

    @Option(help: ArgumentHelp("Speaking rate in words per minute, 80 to 450.", valueName: "WPM"))
    var rate: Int?

    @Option(help: ArgumentHelp("Pitch, 0 to 100.", valueName: "N"))
    var pitch: Int?

    @Option(help: ArgumentHelp("Volume, 0 to 200; 100 is normal.", valueName: "N"))
    var volume: Int?

    @Option(help: ArgumentHelp("The same text at the same politeness within this many milliseconds is not spoken again.", valueName: "MS"))
    var duplicateWindow = 1_000

    @Option(help: ArgumentHelp("A polite announcement that waited longer than this many seconds is not spoken.", valueName: "SECONDS"))
    var politeTimeToLive = 30.0

    @Option(help: ArgumentHelp("The most polite announcements that may wait; the oldest is dropped beyond it.", valueName: "N"))
    var maxWaitingPolite = 1_000

    func validate() throws {
        do { _ = try prosody() } catch { throw ValidationError(error.description) }
        if let fromEnvironment = ProcessInfo.processInfo.environment["ANNOUNCER_SINK"], !fromEnvironment.isEmpty,
           (try? SinkSpec(parsing: fromEnvironment)) == nil {
            throw ValidationError("ANNOUNCER_SINK is \"\(fromEnvironment)\", which is not a sink; set it to alsa, alsa:DEVICE, null or wav:FILE.")
        }
        guard duplicateWindow >= 0 else { throw ValidationError("The duplicate window cannot be negative; give 0 or more milliseconds.") }
        guard politeTimeToLive > 0 else { throw ValidationError("The polite time to live must be more than 0 seconds.") }
        guard maxWaitingPolite >= 1 else { throw ValidationError("At least 1 polite announcement must be allowed to wait.") }
    }

    var policy: LiveRegionPolicy {
        LiveRegionPolicy(
            duplicateWindow: .milliseconds(duplicateWindow),
            politeTimeToLive: .milliseconds(Int64(politeTimeToLive * 1_000)),
            maxWaitingPolite: maxWaitingPolite
        )
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

    /// Starts the engine with the timeline observers these options ask for.
    func startEngine() throws -> (SpeechEngine, JSONLinesTimelineWriter?) {
        let engine: SpeechEngine
        do throws(EngineError) {
            engine = try SpeechEngine(sink: sink, policy: policy, logger: .init(label: "announce"))
        } catch {
            throw CommandFailure(error.description)
        }
        var writer: JSONLinesTimelineWriter?
        if let events {
            do throws(EngineError) { writer = try JSONLinesTimelineWriter(path: events) } catch { throw CommandFailure(error.description) }
            engine.scheduler.addObserver(writer!)
        }
        return (engine, writer)
    }
}

/// A failure to report to the user in one plain sentence, with a non-zero exit.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Politeness: EnumerableFlag {
    public static func help(for value: Politeness) -> ArgumentHelp? {
        switch value {
        case .off: "Record on the timeline but do not speak."
        case .polite: "Speak after what is already speaking or waiting."
        case .assertive: "Speak before anything polite, cutting a polite announcement that is speaking."
        }
    }
}

extension Language: ExpressibleByArgument {
    public init?(argument: String) { self.init(code: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public var defaultValueDescription: String { rawValue }
}

extension SinkSpec: ExpressibleByArgument {
    public init?(argument: String) { try? self.init(parsing: argument) }
    public var defaultValueDescription: String { description }
}
