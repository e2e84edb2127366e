import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerEngine
import AnnouncerServer
import Audio
import Foundation
import Logging
import SeamTestSupport
import TestSupport

/// announcerd's `AnnouncementServer` inside the test's own process, on a socket in a folder of its
/// own, speaking through a `SpeechEngine` on fake parts: `FakeSynthesizer` and, unless the test gives
/// another sink, the real paced null sink, as `announcerd --sink null` has. No process is started;
/// clients talk to it over the socket as they do to announcerd. Any number may run at once: the
/// server's log goes to this object, not through the process's logging bootstrap.
final class InProcessServer: Sendable {
    let socketPath: String
    let server: AnnouncementServer
    let engine: SpeechEngine
    let synthesizer: FakeSynthesizer
    private let folder: String
    private let log: LogText
    /// Told of each log line after `log` has it, so a wait for a line is woken by it.
    private let logged: EventNews

    /// Starts the server with announcerd's defaults, changed by `configure` and `policy`. Each word the
    /// fake synthesizer speaks lasts `samplesPerWord` samples at 22,050 a second: 100 ms unless told,
    /// about eSpeak NG's pace at rate 450, so an announcement speaks long enough to be waited behind.
    /// The engine runs on the system clock. The server's per-client limits read `limitsClock`: the
    /// system's too unless the test gives a `ManualClock` it moves by hand.
    init(
        policy: LiveRegionPolicy = .standard, samplesPerWord: Int = 2_205, sink: (any AudioSink)? = nil,
        limitsClock: any MonotonicClock = SystemMonotonicClock(),
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) throws {
        // Unix socket paths are limited to 107 bytes, so the folder is short.
        folder = "/tmp/ans-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        socketPath = folder + "/a.sock"
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
        synthesizer = FakeSynthesizer(samplesPerWord: samplesPerWord)
        engine = SpeechEngine(
            synthesizer: synthesizer, sink: sink ?? NullSink(format: AudioFormat(sampleRate: synthesizer.sampleRate)), describedAs: .null,
            policy: policy, logger: logger)
        let sockets = try AnnouncementServer.claimSockets(for: configuration, logger: logger)
        server = AnnouncementServer(
            engine: engine, sockets: sockets, configuration: configuration, logger: logger, limitsClock: limitsClock)
        try server.start()
    }

    /// The server's log, each entry on one line again, as `ServerProcess.standardErrorText` gives it.
    var logText: String { log.text.replacingOccurrences(of: "\n  ", with: " ") }

    /// Waits until the log says `text`, woken by each line logged; false after `seconds`.
    func waitForLog(_ text: String, seconds: Double = 5) -> Bool {
        logged.wait(until: Date().addingTimeInterval(seconds)) { logText.contains(text) ? true : nil } ?? false
    }

    /// True when a new client is answered: the server still serves.
    var answers: Bool {
        guard let client = try? SocketClient(path: socketPath) else { return false }
        return client.request(.status)?.reply?.ok == true
    }

    /// Stops the server as announcerd does at SIGTERM and removes its folder.
    func stop() {
        server.shutdown()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
