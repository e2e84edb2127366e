public import AnnouncerCore
public import AnnouncerEngine
public import AnnouncerVoices
public import ArgumentParser
public import Audio
import Foundation
import Logging
public import SoundIcons
public import Speech

/// The options that describe a speech engine: where audio goes and the live-region policy.
/// `announce` (embedded) and `announcerd` both take them.
public struct EngineOptions: ParsableArguments {
    public init() {}

    @Option(help: ArgumentHelp(
        "Where audio goes: alsa, alsa:DEVICE (such as alsa:default, alsa:hw:0, alsa:pulse), null (silent, real-time pace) or wav:FILE. The default is $ANNOUNCER_SINK, else alsa:default.",
        valueName: "SINK"))
    public var sink: SinkSpec?

    @Option(help: ArgumentHelp("The same text at the same politeness within this many milliseconds is not spoken again (default 1000).", valueName: "MS"))
    public var duplicateWindow: Int?

    @Option(help: ArgumentHelp("A polite announcement that waited longer than this many seconds is not spoken (default 30).", valueName: "SECONDS"))
    public var politeTimeToLive: Double?

    @Option(help: ArgumentHelp("An assertive announcement waits at most this many seconds for an audio device that stopped working (default 10).", valueName: "SECONDS"))
    public var assertiveTimeToLive: Double?

    @Option(help: ArgumentHelp(
        "What announcements do while the audio device is not working: wait (for it to come back, each up to its time to live) or fail (at once, with the reason). The default is wait.",
        valueName: "wait|fail"))
    public var whenAudioFails: AudioFaultHandling?

    @Option(help: ArgumentHelp("The most polite announcements that may wait in all; beyond it the oldest of the client with the most waiting is dropped (default 20000).", valueName: "N"))
    public var maxWaitingPolite: Int?

    @Option(help: ArgumentHelp("The most polite announcements one client may have waiting; beyond it that client's own oldest is dropped (default 10000).", valueName: "N"))
    public var maxWaitingPolitePerClient: Int?

    @Option(help: ArgumentHelp(
        "An assertive announcement of another client that waited this many seconds behind a speaking assertive one cuts it, so one long text cannot hold the voice; 0 never cuts (default 5).",
        valueName: "SECONDS"))
    public var assertiveHoldLimit: Double?

    @Option(help: ArgumentHelp(
        "A directory of voice profiles (*.yaml) that add to or override the shipped ones and those in $XDG_CONFIG_HOME/announcer/voices. See Voices/README.md.",
        valueName: "DIR"))
    public var voices: String?

    @Flag(help: "Speak English inside Bokmål text with the Bokmål voice too, instead of the English one (see Voices/README.md).")
    public var noLanguageSwitching = false

    @Option(help: ArgumentHelp(
        "A directory of sound icons (*.wav) to search after /usr/share/sounds/sound-icons and $XDG_DATA_HOME/announcer/sounds; may be given more than once.",
        valueName: "DIR"))
    public var sounds: [String] = []

    public func validate() throws {
        if let voices {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: voices, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("The voices directory \"\(voices)\" does not exist; give a directory of *.yaml voice profiles.")
            }
        }
        for folder in sounds {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("The sounds directory \"\(folder)\" does not exist; give a directory of *.wav sound icons.")
            }
        }
        if let fromEnvironment = ProcessInfo.processInfo.environment["ANNOUNCER_SINK"], !fromEnvironment.isEmpty,
           (try? SinkSpec(parsing: fromEnvironment)) == nil {
            throw ValidationError("ANNOUNCER_SINK is \"\(fromEnvironment)\", which is not a sink; set it to alsa, alsa:DEVICE, null or wav:FILE.")
        }
        guard (duplicateWindow ?? 0) >= 0 else { throw ValidationError("The duplicate window cannot be negative; give 0 or more milliseconds.") }
        guard (politeTimeToLive ?? 1) > 0 else { throw ValidationError("The polite time to live must be more than 0 seconds.") }
        guard (assertiveTimeToLive ?? 1) > 0 else { throw ValidationError("The assertive time to live must be more than 0 seconds.") }
        guard (assertiveHoldLimit ?? 0) >= 0 else { throw ValidationError("The assertive hold limit cannot be negative; give 0 (never cut) or more seconds.") }
        guard (maxWaitingPolite ?? 1) >= 1, (maxWaitingPolitePerClient ?? 1) >= 1 else {
            throw ValidationError("At least 1 polite announcement must be allowed to wait.")
        }
    }

    /// True when any of these options was given on the command line.
    public var anyGiven: Bool {
        sink != nil || duplicateWindow != nil || politeTimeToLive != nil || assertiveTimeToLive != nil
            || whenAudioFails != nil || maxWaitingPolite != nil || maxWaitingPolitePerClient != nil || voices != nil
            || assertiveHoldLimit != nil || !sounds.isEmpty
    }

    /// The sink given, else $ANNOUNCER_SINK, else ALSA's default device.
    public var resolvedSink: SinkSpec {
        sink ?? (try? SinkSpec(parsing: ProcessInfo.processInfo.environment["ANNOUNCER_SINK"] ?? "")) ?? .standard
    }

    public var policy: LiveRegionPolicy {
        let standard = LiveRegionPolicy.standard
        return LiveRegionPolicy(
            duplicateWindow: duplicateWindow.map { .milliseconds($0) } ?? standard.duplicateWindow,
            politeTimeToLive: politeTimeToLive.map { .milliseconds(Int64($0 * 1_000)) } ?? standard.politeTimeToLive,
            assertiveTimeToLive: assertiveTimeToLive.map { .milliseconds(Int64($0 * 1_000)) } ?? standard.assertiveTimeToLive,
            maxWaitingPolite: maxWaitingPolite ?? standard.maxWaitingPolite,
            maxWaitingPolitePerClient: maxWaitingPolitePerClient ?? standard.maxWaitingPolitePerClient,
            assertiveHoldLimit: assertiveHoldLimit.map { $0 == 0 ? nil : .milliseconds(Int64($0 * 1_000)) } ?? standard.assertiveHoldLimit
        )
    }

    /// The shipped voice profiles, then the user's, then those of `--voices`.
    public func loadVoices() -> VoiceLibrary {
        var library = VoiceLibrary.standard(extra: voices.map { [$0] } ?? [])
        library.switchesLanguage = !noLanguageSwitching
        return library
    }

    /// The sound icons' folders: Debian's, the user's, those of `--sounds` in order, then Emacspeak's.
    public var soundIcons: SoundIconLibrary { SoundIconLibrary(folders: .standard(extra: sounds)) }

    /// Starts an engine with these options; a failure is one sentence for the user.
    /// Each problem in a voice profile is logged as a warning; the engine starts with the rest.
    /// Starts the engine; `warmStandby` keeps a second synthesis worker ready (announcerd --standby-worker).
    /// `waitingForAudioDevice`: a device that cannot be opened now is waited for, as a server does, instead of an error.
    /// `inProcessFallback` runs eSpeak NG in this process when no synthesis worker is found (announce gives
    /// `ESpeakEngine.start`; announcerd links no eSpeak and gives nothing, so it needs its worker).
    public func startEngine(
        label: String, warmStandby: Bool = false, waitingForAudioDevice: Bool = false,
        inProcessFallback: SynthesisEngineStart? = nil, startup: StartupTimes? = nil, headStart: EngineHeadStart? = nil
    ) throws -> SpeechEngine {
        let logger = Logger(label: label)
        let library = loadVoices()
        startup?.mark("voice profiles")
        library.logLeftOut(to: logger)
        do throws(EngineError) {
            let engine = try SpeechEngine(
                sink: resolvedSink, policy: policy, voices: library, warmStandby: warmStandby, waitingForAudioDevice: waitingForAudioDevice,
                inProcessFallback: inProcessFallback, whenAudioFails: whenAudioFails ?? .wait,
                sounds: soundIcons, headStart: headStart, logger: logger)
            startup?.mark("engine (eSpeak's languages, the worker, the sink)")
            return engine
        } catch {
            throw CommandFailure(error.description)
        }
    }
}

/// A failure to report to the user in one plain sentence, with a non-zero exit.
public struct CommandFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
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
    public var defaultValueDescription: String { rawValue }
}

extension PunctuationLevel: ExpressibleByArgument {}

extension AudioFaultHandling: ExpressibleByArgument {}

extension SinkSpec: ExpressibleByArgument {
    public init?(argument: String) { try? self.init(parsing: argument) }
    public var defaultValueDescription: String { description }
}
