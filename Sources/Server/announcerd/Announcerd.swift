import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerEngine
import AnnouncerProtocol
import AnnouncerServer
import AnnouncerVoices
import ArgumentParser
import Blocking
import Dispatch
import Ducking
import Foundation
import Glibc
import Logging
import ServiceLifecycle

/// `announcerd`: one speech server for every client, speaking JSON lines and SSIP on a Unix socket.
@main
struct Announcerd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "announcerd",
        abstract: "Serve announcements to every client through one voice and one live-region queue.",
        discussion: """
        Listens on a Unix domain socket that only your own user may use. Each connection speaks \
        either JSON lines (a line beginning with {) or SSIP, Speech Dispatcher's protocol, so spd-say \
        and python3-speechd work with SPEECHD_ADDRESS=unix_socket:PATH. On SIGTERM or SIGINT it stops \
        accepting, cancels what waits (or speaks it, with --drain), closes the audio device, removes \
        its socket and exits 0.
        """,
        version: AnnouncerVersion.current
    )

    /// Starts the synthesis worker before the command line is read: reading it takes about 5 ms of a cold
    /// start, and the worker (eSpeak NG and its list of voices) about 7 ms, so the two now overlap. Not
    /// for --help, --version or --spawn, which start no server in this process.
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        let start = ServerStart(startingWorker: !arguments.contains(where: { ["--help", "-h", "--version", "--spawn"].contains($0) }),
                                warmStandby: arguments.contains("--standby-worker"))
        do {
            var command = try parseAsRoot()
            if let server = command as? Announcerd {
                try server.serve(start)
            } else {
                try command.run()
            }
        } catch {
            PlainErrorExit.exit(Self.self, for: error)
        }
    }

    @Option(help: ArgumentHelp(
        "The socket to listen on. The default is $ANNOUNCER_SOCKET, else $XDG_RUNTIME_DIR/announcer/announcer.sock.",
        valueName: "PATH"))
    var socket: String = SocketLocation.standard()

    @Option(help: ArgumentHelp("Also serve SSIP alone on this socket.", valueName: "PATH"))
    var ssipSocket: String?

    @Flag(help: ArgumentHelp(
        "Start in the background and exit 0 once the server listens, or at once if a server already answers on the socket: Speech Dispatcher's autospawn, so SPEECHD_CMD=announcerd makes its clients start announcer. Its log goes to $XDG_CACHE_HOME/announcer/announcerd.log."))
    var spawn = false

    @Option(help: ArgumentHelp(
        "Speech Dispatcher's option, as its clients pass it when they autospawn: unix_socket is served; inet_socket is refused. Given without --socket-path, the socket is Speech Dispatcher's default, $XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock.",
        valueName: "unix_socket"))
    var communicationMethod: String?

    @Option(help: ArgumentHelp("The same as --socket, under Speech Dispatcher's name for it.", valueName: "PATH"))
    var socketPath: String?

    @Option(help: ArgumentHelp("Speech Dispatcher's TCP port, which its clients pass when they autospawn; accepted and unused, since announcerd serves Unix domain sockets only.", valueName: "N"))
    var port: Int?

    @Flag(help: "Also serve SSIP on Speech Dispatcher's own socket, $XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock, so its clients need no setting. Stop speech-dispatcher first.")
    var speechdSocket = false

    @Option(name: .customLong("lang"), help: ArgumentHelp(
        "The language of announcements that name none: en, nb or another with a voice profile. The default comes from LANG: nb_NO and no_NO give nb.",
        valueName: "CODE"))
    var language: Language?

    @Option(help: ArgumentHelp("The longest request line, and the longest SSIP message, in bytes.", valueName: "BYTES"))
    var maxLineLength = 64 * 1024

    @Option(help: ArgumentHelp("How many announcements one client may send at once before its rate is limited.", valueName: "N"))
    var clientBurst = ClientLimits.standard.rate!.burst

    @Option(help: ArgumentHelp("How many announcements a second one client may send after its burst. Faster ones are refused as throttled.", valueName: "N"))
    var clientRate = ClientLimits.standard.rate!.perSecond

    @Option(help: ArgumentHelp("How many of one client's announcements may wait or speak at once. More are refused as throttled.", valueName: "N"))
    var clientPending = ClientLimits.standard.maxPending!

    @Flag(help: "Lift the per-client limits on rate and on announcements waiting or speaking. The text length limit stays, and so does fair sharing in the queue.")
    var noClientLimits = false

    @Option(help: ArgumentHelp(
        "The most clients served at once; one more is told so in one line and closed, so file descriptors stay free for real work. The default is 4096, or fewer when the open-file limit leaves less room.",
        valueName: "N"))
    var maxClients: Int?

    @Option(help: ArgumentHelp("The longest announcement text, in bytes of UTF-8. A longer one is refused.", valueName: "BYTES"))
    var maxTextLength = ClientLimits.standard.maxTextBytes!

    @Option(help: ArgumentHelp(
        "How long one client's pause of every client's speech (SSIP PAUSE ALL, JSON pause with all) may last while that client stays connected. It ends sooner when the client goes, and its end at the limit is logged.",
        valueName: "SECONDS"))
    var maxPauseAll: Double = 60

    @Flag(help: "At shutdown, speak what is waiting instead of cancelling it.")
    var drain = false

    @Option(help: ArgumentHelp("Also write the event timeline as JSON Lines to this file, or - for standard output.", valueName: "PATH"))
    var events: String?

    @Option(help: ArgumentHelp("Also write the event timeline as plain sentences to this file, or - for standard output.", valueName: "PATH"))
    var eventsText: String?

    @Option(help: ArgumentHelp(
        "While speaking, lower every other playback stream on the PulseAudio or PipeWire server by this many decibels, and give each its own volume back after --duck-hold. Off unless given.",
        valueName: "DB"))
    var duck: Double?

    @Option(help: ArgumentHelp("With --duck, how long other audio stays lowered after the last speech ends.", valueName: "MS"))
    var duckHold = 300

    @Flag(help: "Keep a second synthesis worker ready beside the running one, so a crash of eSpeak NG costs no start-up (about 15 ms) but idle memory holds two workers.")
    var standbyWorker = false

    @Flag(help: "Log each connection's problems as well as the server's.")
    var verbose = false

    @OptionGroup(title: "Engine")
    var engine: EngineOptions

    /// `--lang` if it has a voice profile; else the language of `LANG` if it has one; else English.
    private func defaultLanguage(among available: [Language]) throws -> Language {
        do throws(AnnouncementError) {
            return try ServerConfiguration.defaultLanguage(given: language, environment: ProcessInfo.processInfo.environment, among: available)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// The socket to serve: --socket-path, else Speech Dispatcher's default when started as it is, else --socket.
    private var listeningPath: String {
        socketPath ?? (communicationMethod != nil ? SocketLocation.speechDispatcherDefault() : socket)
    }

    func validate() throws {
        if let communicationMethod, communicationMethod != "unix_socket" {
            throw ValidationError("announcerd serves Unix domain sockets only, not \(communicationMethod); point the client at one with SPEECHD_ADDRESS=unix_socket:PATH.")
        }
        if events == "-" && eventsText == "-" {
            throw ValidationError("--events - and --events-text - would both write to standard output; give one of them a file.")
        }
        if let maxClients, maxClients < 1 { throw ValidationError("--max-clients must be at least 1.") }
        guard maxLineLength >= 1_024 else { throw ValidationError("The line limit must be at least 1024 bytes.") }
        guard maxPauseAll > 0, maxPauseAll <= 86_400 else {
            throw ValidationError("--max-pause-all must be more than 0 and at most 86400 seconds (a day).")
        }
        if let duck, !(duck > 0 && duck <= 60) { throw ValidationError("--duck must be more than 0 and at most 60 decibels.") }
        guard (0...10_000).contains(duckHold) else { throw ValidationError("--duck-hold must be a whole number of milliseconds from 0 to 10000.") }
        for (name, value) in [("--client-burst", clientBurst), ("--client-rate", clientRate), ("--client-pending", clientPending), ("--max-text-length", maxTextLength)] {
            guard (1...1_000_000).contains(value) else { throw ValidationError("\(name) must be a whole number from 1 to 1000000.") }
        }
    }

    private var clientLimits: ClientLimits {
        ClientLimits(
            rate: noClientLimits ? nil : ClientLimits.Rate(burst: clientBurst, perSecond: clientRate),
            maxPending: noClientLimits ? nil : clientPending,
            maxTextBytes: maxTextLength
        )
    }

    func run() throws {
        try serve(ServerStart(startingWorker: !spawn, warmStandby: standbyWorker))
    }

    /// Serves, or with `--spawn` starts a server in the background, from the `start` that `main` began.
    func serve(_ start: ServerStart) throws {
        if spawn {
            try startInBackground()
            return
        }
        let startup = start.times
        startup.mark("command line")
        // The synthesis worker (begun already in `main`) and the audio device start now, while the rest is read and bound.
        start.headStart.openSink(engine.resolvedSink, waitingForDevice: true)
        let level: Logger.Level = verbose ? .debug : .info
        LoggingSystem.bootstrap { _ in PlainLogHandler(program: "announcerd", level: level) }
        let logger = Logger(label: "announcerd")

        // A service's soft open-file limit is 1024; raised to the hard limit, a thousand idle clients cannot use it up.
        let descriptors = DescriptorLimit.raiseToHard()
        var configuration = ServerConfiguration(
            socketPath: listeningPath,
            ssipSocketPath: ssipSocket ?? (speechdSocket ? SocketLocation.speechDispatcherDefault() : nil),
            maxLineLength: maxLineLength,
            defaultLanguage: .english,
            drainOnShutdown: drain,
            clientLimits: clientLimits,
            maxClients: maxClients ?? min(4_096, descriptors.clientsThatFit),
            maxPauseForAll: .milliseconds(Int64((maxPauseAll * 1_000).rounded()))
        )
        let sockets: ClaimedSockets
        do throws(ServerStartError) {
            // Sockets systemd created for us (announcerd.socket) are adopted; the rest are bound here.
            sockets = try AnnouncementServer.claimSockets(for: configuration, activated: ActivatedSockets.take(), logger: logger)
        } catch {
            throw CommandFailure(error.description)
        }
        startup.mark("sockets")
        let speechEngine: SpeechEngine
        do {
            // At login the sound server may start after this one: its clients are never refused for that.
            speechEngine = try engine.startEngine(
                label: "announcerd", warmStandby: standbyWorker, waitingForAudioDevice: true, startup: startup, headStart: start.headStart)
            configuration.defaultLanguage = try defaultLanguage(among: speechEngine.voices.languages)
            // A Bokmål server reads its language-switching lists now, off the start-up path, so its
            // first announcement does not wait for them; any other reads them only if Bokmål comes.
            if let switcher = speechEngine.voices.switcher, configuration.defaultLanguage == switcher.base {
                DedicatedThread.start(name: "announcer.switch-lists") { switcher.preload() }
            }
        } catch {
            sockets.release()
            throw error
        }
        var timeline: JSONLinesTimelineWriter?
        if let events {
            do throws(EngineError) { timeline = try JSONLinesTimelineWriter(path: events) } catch {
                sockets.release()
                throw CommandFailure(error.description)
            }
            speechEngine.scheduler.addObserver(timeline!)
        }
        if let eventsText {
            do throws(EngineError) { speechEngine.scheduler.addObserver(try EventSentenceWriter(path: eventsText)) } catch {
                sockets.release()
                throw CommandFailure(error.description)
            }
        }
        if let duck { startDucking(by: duck, on: speechEngine, logger: logger) }
        let server = AnnouncementServer(engine: speechEngine, sockets: sockets, configuration: configuration, logger: logger)

        let library = speechEngine.voices
        let voices = library.languages.compactMap(library.profile(for:)).map { "\($0.language) (eSpeak NG voice \($0.espeakVoice))" }
        var started: Logger.Metadata = [
            "server.version": "\(AnnouncerVersion.current)",
            "server.listening_on": "\(listeningPath)",
            "server.max_clients": "\(configuration.maxClients)",
            "server.open_file_limit": "\(descriptors.soft)",
            "audio.sink": "\(engine.resolvedSink)",
            "voices": .array(voices.map { .string($0) }),
        ]
        let ssipOnly = sockets.paths.dropFirst()
        if !ssipOnly.isEmpty { started["server.ssip_only_on"] = .array(ssipOnly.map { .string($0) }) }
        if sockets.anyActivated { started["server.sockets_from"] = "systemd" }

        // A crash, or a fatal signal sent from outside, ends the server at once and removes its socket files.
        FatalSignals.install(program: "announcerd", removing: sockets.ownedFiles)
        let voiceDirectories = engine.voices.map { [$0] } ?? []
        let switchesLanguage = !engine.noLanguageSwitching
        let listeningPath = self.listeningPath
        let announceReadiness: @Sendable () -> Void = { [started] in
            var started = started
            startup.mark("listening")
            started["server.started_in"] = "\(startup.summary)"
            // Said once every signal has its meaning: whoever waits for this line may signal at once.
            logger.info("Started, serving JSON lines and SSIP.", metadata: started)
            // The same news as data: one line on standard output for the program reading it through a pipe
            // (tests, scripts), and systemd's READY=1. A terminal, --spawn's log file and the journal (a socket)
            // get no such line: it can be wider than 80 cells, and people there have the log's started line.
            if ServerReadiness.standardOutputIsAPipe {
                let readiness = ServerReadiness(version: AnnouncerVersion.current, pid: getpid(), sockets: sockets.paths)
                // By write(2): with no one reading (EPIPE; SIGPIPE is ignored) it costs only the line, never the server.
                _ = Array(readiness.line.utf8).withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            }
            SystemdNotify.ready(status: "Serving JSON lines and SSIP on \(listeningPath).")
        }
        let drain = self.drain
        let beginStop: @Sendable () -> Void = {
            logger.info(drain ? "Stopping, speaking what waits first." : "Stopping.")
        }
        // SIGTERM and SIGINT shut the group down gracefully, its parts in the reverse order of their start
        // (the notice, the other signals, then the server's parts); the signals have that meaning before the
        // listeners start. One that comes while the server starts stops it once started. The group's own lines are for debugging swift-service-lifecycle, not for people.
        var groupLogger = logger
        groupLogger.logLevel = .notice
        // The group, its parts and the signals' sequences run their tasks on this thread, which would
        // otherwise only wait: none needs a thread of the cooperative pool (docs/ARCHITECTURE.md).
        do {
            try CallingThreadExecutor().run {
                // Trapped now, before anything listens: whoever is answered may signal at once.
                let otherSignals = await SignalActionService(trapping: [.sighup, .sigusr1, .sigusr2]) { signal in
                    guard signal == .sighup else {
                        logger.notice("Ignored a signal that has no meaning for announcerd, which goes on running.", metadata: ["signal": "\(signal)"])
                        return
                    }
                    // As Speech Dispatcher rereads its configuration on SIGHUP; announcements that start later use the new profiles.
                    var library = VoiceLibrary.standard(extra: voiceDirectories)
                    library.switchesLanguage = switchesLanguage
                    server.reloadVoicesOnHangup(library)
                }
                let group = ServiceGroup(
                    services: server.services(whenListening: announceReadiness) + [otherSignals, ServerPart("stop notice") { beginStop() }],
                    gracefulShutdownSignals: [.sigterm, .sigint],
                    cancellationSignals: [],
                    logger: groupLogger
                )
                try await group.run()
            }
        } catch let error as ServerStartError {
            server.releaseSockets()
            throw CommandFailure(error.description)
        }
        timeline?.flush()
        server.releaseSockets()
        logger.info("Stopped.")
    }

    /// `--duck`: the ducker, started beside this program, hears from the timeline when speech is heard.
    private func startDucking(by decibels: Double, on engine: SpeechEngine, logger: Logger) {
        guard let executable = DuckerLink.besideThisProgram() else {
            logger.warning("announcer-duck was not found beside announcerd, so other audio is not lowered while it speaks.")
            return
        }
        let settings = DuckerLink.Settings(
            executable: executable, decibels: decibels, holdMilliseconds: duckHold, stateFolder: SocketLocation.standardDirectory())
        engine.scheduler.addObserver(DuckerLink(settings: settings) { logger.warning("\($0)") })
    }

    /// `--spawn`: nothing to do when a server answers already; else this program again, detached,
    /// with the same options but `--spawn`, and exit 0 once it listens.
    private func startInBackground() throws {
        let path = listeningPath
        if Autospawn.serverAnswers(at: path) { return }
        let arguments = Array(CommandLine.arguments.dropFirst()).filter { $0 != "--spawn" }
        do throws(AutospawnFailure) {
            _ = try Autospawn.startServer(arguments: arguments, socketPath: path, logPath: Autospawn.logPath())
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
