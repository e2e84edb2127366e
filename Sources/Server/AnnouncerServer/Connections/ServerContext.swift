import AnnouncerCore
import AnnouncerScheduling
import AnnouncerEngine
import AnnouncerProtocol
import AnnouncerVoices
import Logging
import NIOCore
import Synchronization

/// What every connection shares: the one engine, the event router, and the server's settings.
final class ServerContext: Sendable {
    let engine: SpeechEngine
    let router: EventRouter
    let configuration: ServerConfiguration
    let logger: Logger
    /// The voices of the engine's profiles, as both protocols list them; a connection takes them when it opens.
    var voices: [OfferedVoice] { offered.withLock { $0.voices } }
    /// The languages there are voice profiles for, or that eSpeak speaks alone.
    var languages: [Language] { offered.withLock { $0.languages } }
    private let offered: Mutex<(voices: [OfferedVoice], languages: [Language])>
    /// Where the per-client limits read the time (see `AnnouncementServer.init`).
    let limitsClock: any MonotonicClock
    /// The connected clients and their allowances under the per-client limits.
    let clients: ClientRegistry
    /// What waits unwritten across all connections, bounded together.
    let outputBudget: OutputBudget
    /// The last status reply and when it was made, shared by every connection that asks soon after.
    let statusSnapshot = Mutex<(madeAt: MonotonicInstant, line: String)?>(nil)
    /// How long a status reply may be given again to a connection that changed nothing since it was made.
    static let statusSnapshotLife: Duration = .milliseconds(100)
    private let shuttingDown = Atomic<Bool>(false)

    init(
        engine: SpeechEngine, router: EventRouter, configuration: ServerConfiguration, logger: Logger,
        limitsClock: any MonotonicClock = SystemMonotonicClock()
    ) {
        self.engine = engine
        self.router = router
        self.configuration = configuration
        self.logger = logger
        self.offered = Mutex(Self.offer(engine.voices))
        self.limitsClock = limitsClock
        self.clients = ClientRegistry(limits: configuration.clientLimits, clock: limitsClock, logger: logger)
        self.outputBudget = OutputBudget(limit: configuration.maxPendingOutputBytes, logger: logger)
    }

    var scheduler: AnnouncementScheduler { engine.scheduler }

    /// The bounded output of a new connection, whose lines end with `lineEnding`.
    func output(for channel: any Channel, lineEnding: String) -> ConnectionOutput {
        ConnectionOutput(
            channel: channel, lineEnding: lineEnding, eventBound: configuration.maxPendingEventBytes,
            budget: outputBudget, clock: limitsClock, logger: logger
        )
    }

    /// The sound folders, as the protocols ask them before they accept a sound icon.
    var soundIcons: SoundIconChecker? {
        engine.soundIcons.map { SoundIconChecker(library: $0, sampleRate: engine.sink.format.sampleRate) }
    }

    /// Speaks with `library` from now on, and offers its voices to connections that open from now on.
    func replaceVoices(_ library: VoiceLibrary) -> VoiceChanges {
        let changes = engine.replaceVoices(library)
        let voices = Self.offer(engine.voices)
        offered.withLock { $0 = voices }
        return changes
    }

    /// The profiles first, then the languages eSpeak NG speaks with its own voice.
    private static func offer(_ library: VoiceLibrary) -> (voices: [OfferedVoice], languages: [Language]) {
        let voices = library.spokenLanguages.map { language in
            let (name, voiceType) = library.listing(for: language)
            return OfferedVoice(name: name, language: language, voiceType: voiceType)
        }
        return (voices, library.spokenLanguages)
    }

    /// True once shutdown began: new announcements are refused with a reason.
    var isShuttingDown: Bool { shuttingDown.load(ordering: .acquiring) }
    func beginShutdown() { shuttingDown.store(true, ordering: .releasing) }

    var connections: Int { clients.count }

    /// Counts a new connection and gives it a number, used as its SSIP client id, and its allowance.
    func connectionOpened() -> ClientAccount { clients.open() }

    func connectionClosed(_ client: ClientAccount) {
        clients.close(client)
        scheduler.forget(ClientID(client.number))
    }

    // MARK: - Sharing by program

    /// The kernel named the peer: the connection joins the share of its process and of its program.
    func identify(_ client: ClientAccount, peer: PeerCredentials) {
        client.identify(peer: peer)
        var keys: [ProgramShares.Key] = [.process(peer.pid)]
        if let program = peer.program { keys.append(.program("exe " + program)) }
        tellQueue(clients.identify(client, by: keys))
    }

    /// An SSIP client named itself `user:application:component`: it joins the share of that
    /// `user:application`, as every `spd-say` is one program whatever its process.
    func identify(_ client: ClientAccount, ssipName name: String) {
        client.identify(name: name)
        let parts = name.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return }
        tellQueue(clients.identify(client, by: [.program("ssip \(parts[0]):\(parts[1])")]))
    }

    private func tellQueue(_ moved: [(ClientID, ShareID)]) {
        for (client, share) in moved { scheduler.assign(client, to: share) }
    }

    /// The connection's protocol handler will send the queue its requests from now on: the queue learns
    /// its share first.
    func clientJoinedQueue(_ client: ClientAccount) {
        let share = client.setInQueue(true)
        if share != ShareID(client.clientID) { scheduler.assign(client.clientID, to: share) }
    }

    /// The connection's handler is gone and will send nothing more: a pause the client made ends, and
    /// what a client that paused itself left behind ends `cancelled`. Memory is given back once many did.
    func clientLeftQueue(_ client: ClientAccount, eventLoop: any EventLoop) {
        _ = client.setInQueue(false)
        scheduler.clientLeft(client.clientID) { ended in
            if ended >= Self.endedWorthTrimming { MemoryTrim.soon(on: eventLoop) }
        }
    }

    /// How many announcements a departing client must leave behind before freed memory is given back.
    static let endedWorthTrimming = 100

    /// A pause of everyone from a connection lasts at most this long.
    var maxPauseForAll: Duration { configuration.maxPauseForAll }
}

/// Sentences shared by both protocols.
enum ProtocolErrorText {
    static let shuttingDown = "The server is shutting down and accepts no new announcements."
}
