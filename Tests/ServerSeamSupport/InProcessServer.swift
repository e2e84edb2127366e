import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerEngine
import AnnouncerServer
import AnnouncerVoices
import Audio
import Foundation
import Logging
import SeamTestSupport
import SoundIcons
import TestSupport

/// announcerd's `AnnouncementServer` inside the test's own process, on a socket in a folder of its
/// own, speaking through a `SpeechEngine` on fake parts: `FakeSynthesizer` and, unless the test gives
/// another sink, the real paced null sink, as `announcerd --sink null` has. No process is started;
/// clients talk to it over the socket as they do to announcerd. Any number may run at once: the
/// server's log goes to this object, not through the process's logging bootstrap.
public final class InProcessServer: Sendable {
    public let socketPath: String
    public let server: AnnouncementServer
    public let engine: SpeechEngine
    public let synthesizer: FakeSynthesizer
    /// The folder this object made for its socket, removed at `stop`; nil when the test gave the path.
    private let folder: String?
    private let log: LogText
    /// Told of each log line after `log` has it, so a wait for a line is woken by it.
    private let logged: EventNews

    /// Starts the server with announcerd's defaults, changed by `configure` and `policy`. Each word the
    /// fake synthesizer speaks lasts `samplesPerWord` samples at 22,050 a second: 100 ms unless told,
    /// about eSpeak NG's pace at rate 450, so an announcement speaks long enough to be waited behind.
    /// The engine speaks with `voices`, the profiles announcerd loads unless told (`--voices` adds a folder),
    /// and the log says which files were left out, as announcerd's does.
    /// The engine runs on the system clock. The server's per-client limits read `limitsClock`: the
    /// system's too unless the test gives a `ManualClock` it moves by hand. `voices` are the profiles, as
    /// `--voices` gives announcerd; `socketPath`, a path in a folder of the test's own. `environment` is
    /// the one announcerd would read its standard socket folder from (XDG_RUNTIME_DIR): the process's unless told.
    /// `sounds` are the sound-icon folders, the standard ones unless told, as `--sounds` adds to announcerd's.
    public init(
        policy: LiveRegionPolicy = .standard, samplesPerWord: Int = 2_205, sink: (any AudioSink)? = nil,
        limitsClock: any MonotonicClock = SystemMonotonicClock(), socketPath givenPath: String? = nil,
        voices: VoiceLibrary = .standard(), environment: [String: String] = ProcessInfo.processInfo.environment,
        sounds: SoundIconLibrary = SoundIconLibrary(folders: .standard()),
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) throws {
        if let givenPath {
            // The test's own path, in a folder the test made and removes.
            folder = nil
            socketPath = givenPath
        } else {
            // Unix socket paths are limited to 107 bytes, so the folder is short.
            let folder = "/tmp/ans-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            self.folder = folder
            socketPath = folder + "/a.sock"
        }
        let log = LogText()
        let logged = EventNews()
        self.log = log
        self.logged = logged
        let logger = Logger(label: "announcerd") { _ in
            PlainLogHandler(program: "announcerd", level: .info) { line in
                log.append(line)
                logged.told()
            }
        }
        var configuration = ServerConfiguration(socketPath: socketPath)
        configure(&configuration)
        // Each profile left out is logged, as announcerd's start logs it.
        voices.logLeftOut(to: logger)
        synthesizer = FakeSynthesizer(samplesPerWord: samplesPerWord)
        engine = SpeechEngine(
            synthesizer: synthesizer, sink: sink ?? NullSink(format: AudioFormat(sampleRate: synthesizer.sampleRate)), describedAs: .null,
            policy: policy, voices: voices, sounds: sounds, logger: logger)
        let sockets = try AnnouncementServer.claimSockets(for: configuration, environment: environment, logger: logger)
        server = AnnouncementServer(
            engine: engine, sockets: sockets, configuration: configuration, logger: logger, limitsClock: limitsClock)
        try server.start()
    }

    /// The server's log, each entry on one line again, as `ServerProcess.standardErrorText` gives it.
    public var logText: String { log.text.replacingOccurrences(of: "\n  ", with: " ") }

    /// Waits until the log says `text`, woken by each line logged; false after `seconds`.
    public func waitForLog(_ text: String, seconds: Double = 5) -> Bool {
        logged.wait(until: Date().addingTimeInterval(seconds)) { logText.contains(text) ? true : nil } ?? false
    }

    /// True when a new client is answered: the server still serves.
    public var answers: Bool {
        guard let client = try? SocketClient(path: socketPath) else { return false }
        return client.request(.status)?.reply?.ok == true
    }

    /// Goes as announcerd goes when it is killed: every client's connection closes at once, with no last
    /// event or reply, and the socket file goes. What the engine still had is cancelled, the engine ends
    /// and the folder is removed. Instead of `stop()`, not before it: the event loop is gone.
    public func vanish() {
        server.releaseSockets()
        engine.scheduler.cancel(.all)
        engine.finish()
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Stops the server as announcerd does at SIGTERM and removes its folder.
    public func stop() {
        server.shutdown()
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// A sound device that cannot be opened, named `name`, as `--sink alsa:hw:97` is on a machine
    /// without that card: the server starts without it and waits for it, reporting it down.
    public static func sinkWithDeviceDown(name: String = "alsa:hw:97") throws -> any AudioSink {
        try ReopeningSink(name: name, format: AudioFormat(sampleRate: FakeSynthesizer().sampleRate), waitingForDevice: true) {
            () throws(AudioError) -> any AudioSink in
            throw .deviceUnavailable(device: name, detail: "no such card")
        }
    }
}
