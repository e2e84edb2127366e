import AnnouncerCore
import AnnouncerEngine
import AnnouncerProtocol
import AnnouncerVoices
import NIOCore

/// Serves one JSON-lines connection: feeds its `JSONLinesSession` the lines and events, and carries out
/// the actions it returns, one reply per request, in order.
final class JSONLinesHandler: ChannelInboundHandler {
    typealias InboundIn = LineFrame

    private let context: ServerContext
    private let client: ClientAccount
    private var session: JSONLinesSession
    private var output: ConnectionOutput?
    private var recipient: LoopBoundRecipient<JSONLinesHandler>?
    private var eventLoop: (any EventLoop)?

    init(context: ServerContext, client: ClientAccount) {
        self.context = context
        self.client = client
        client.identify(wireProtocol: .json)
        session = JSONLinesSession(
            defaults: ConnectionDefaults(language: context.configuration.defaultLanguage), languages: context.languages,
            openedAt: .now()
        )
    }

    func handlerAdded(context channelContext: ChannelHandlerContext) {
        eventLoop = channelContext.eventLoop
        let output = context.output(for: channelContext.channel, lineEnding: "\n")
        self.output = output
        recipient = LoopBoundRecipient(
            self, channel: channelContext.channel, reading: output.reading, deliver: { $0.deliver($1, isOwn: $2) }, overflow: { $0.eventsOverflowed() })
        context.clientJoinedQueue(client)
    }

    func channelRead(context channelContext: ChannelHandlerContext, data: NIOAny) {
        let arrival = MonotonicInstant.now()
        output?.holdFlushes()
        switch unwrapInboundIn(data) {
        case let .tooLong(limit):
            perform(session.lineTooLong(limit: limit), arrival: arrival)
        case let .line(buffer):
            perform(session.receive(buffer.readableBytesView, at: arrival, connectionOpen: channelContext.channel.isActive), arrival: arrival)
        }
    }

    func channelReadComplete(context channelContext: ChannelHandlerContext) {
        output?.releaseFlushes()
        channelContext.fireChannelReadComplete()
    }

    func channelWritabilityChanged(context channelContext: ChannelHandlerContext) {
        output?.writabilityChanged()
        channelContext.fireChannelWritabilityChanged()
    }

    func handlerRemoved(context channelContext: ChannelHandlerContext) {
        // The connection closed. The recipient holds this handler; letting go of it breaks the cycle.
        if let recipient { context.router.unsubscribe(recipient) }
        recipient = nil
        // Nothing more of this connection reaches the queue: a pause it made ends now.
        context.clientLeftQueue(client, eventLoop: channelContext.eventLoop)
    }

    private func perform(_ actions: [JSONLinesSession.Action], arrival: MonotonicInstant) {
        for action in actions {
            switch action {
            case let .reply(line):
                output?.write(line)
            case let .submit(announcement, follow):
                perform(submit(announcement, follow: follow, arrival: arrival), arrival: arrival)
            case let .cancel(target):
                let ended = context.scheduler.cancelAndCount(target, from: client.clientID)
                output?.write(Reply(.cancel, CancelledBody(cancelled: ended)).encoded)
            case .cancelOwn:
                let ended = context.scheduler.cancelAndCount(.client(ClientID(client.number)))
                output?.write(Reply(.cancel, CancelledBody(cancelled: ended)).encoded)
            case .subscribe:
                if let recipient { context.router.subscribe(recipient) }
            case .unsubscribe:
                if let recipient { context.router.unsubscribe(recipient) }
            case let .status(changedSince):
                guard client.admitQuery() else { output?.write(Self.queryRefusal(.status)); continue }
                output?.write(status(at: arrival, changedSince: changedSince))
            case .voices:
                guard client.admitQuery() else { output?.write(Self.queryRefusal(.voices)); continue }
                output?.write(voicesReply())
            case let .pause(all):
                // A pause of everyone is this client's: it ends when the client goes, or at the limit.
                context.scheduler.pause(all ? .all : .client(client.clientID), by: client.clientID, lastingAtMost: context.maxPauseForAll)
            case let .resume(all):
                context.scheduler.resume(all ? .all : .client(ClientID(client.number)))
            }
        }
    }

    /// Admits and queues the announcement, or says why not.
    private func submit(_ announcement: Announcement, follow: Bool, arrival: MonotonicInstant) -> [JSONLinesSession.Action] {
        guard !context.isShuttingDown else {
            return session.refused(ProtocolError(.shuttingDown, ProtocolErrorText.shuttingDown))
        }
        var announcement = announcement
        announcement.client = ClientID(client.number)
        guard context.router.claim(announcement.id, for: follow ? recipient : nil, client: client) else {
            return session.refused(ProtocolError(.idInUse,
                "An announcement with the id \"\(announcement.id)\" is still waiting or speaking; choose another id."))
        }
        // Refused, it was never accepted: no id, no timeline entry; this reply is the client's record of it.
        let textBytes = announcement.text.utf8.count
        if let eventLoop, let refusal = client.admit(textBytes: textBytes, eventLoop: eventLoop) {
            context.router.release(announcement.id)
            return session.refused(refusal.protocolError(limits: client.limits, textBytes: textBytes))
        }
        let reply = session.accepted(announcement, follow: follow)
        context.engine.submit(announcement)
        return reply
    }

    /// The status reply: the one made for any connection within the last 100 ms, when this connection
    /// changed nothing since, else a new one, so a crowd asking at once costs one reply, not one each.
    private func status(at arrival: MonotonicInstant, changedSince lastChange: MonotonicInstant) -> String {
        if let snapshot = context.statusSnapshot.withLock({ $0 }), snapshot.madeAt > lastChange,
           arrival.since(snapshot.madeAt) < ServerContext.statusSnapshotLife {
            return snapshot.line
        }
        let madeAt = MonotonicInstant.now()
        let line = statusReply()
        context.statusSnapshot.withLock { $0 = (madeAt, line) }
        return line
    }

    private func statusReply() -> String {
        let status = context.scheduler.status()
        return Reply(.status, StatusBody(
            version: AnnouncerVersion.current,
            sink: context.engine.sinkSpec.description,
            speaking: status.speaking.map(SpeakingAnnouncement.init),
            waiting: WaitingCounts(assertive: status.waitingAssertive, polite: status.waitingPolite),
            clients: context.connections,
            clientList: context.clients.list(queue: status.clients),
            ended: OutcomeCounts(status.endedByOutcome),
            synthesis: synthesisStatus(),
            throttling: context.clients.status(),
            audio: audioStatus()
        )).encoded
    }

    /// Whether the audio device works, what went wrong while it does not, and how often it stopped.
    private func audioStatus() -> AudioStatus {
        let device = context.engine.audioDevice
        return AudioStatus(
            device: device.name,
            state: device.isWorking ? .working : .down,
            problem: device.problem,
            downSince: device.downSinceISO8601,
            outages: device.outages,
            lastOutageMilliseconds: device.lastOutage.map { Int($0.microseconds / 1_000) },
            whenDown: device.handling == .fail ? .fail : .wait
        )
    }

    /// Where eSpeak runs, and how its worker has fared: restarts, hangs, refused inputs.
    private func synthesisStatus() -> SynthesisStatus {
        guard let health = context.engine.synthesisHealth else { return .inProcess }
        return SynthesisStatus(
            isolated: true,
            workerPID: context.engine.synthesisWorkerProcessID.map { Int($0) },
            restarts: health.restarts,
            hangs: health.hangs,
            refusedInputs: health.refusedInputs,
            lastRestart: health.lastRestartReason
        )
    }

    private func voicesReply() -> String {
        let library = context.engine.voices
        let profiles = library.languages.compactMap { library.profile(for: $0) }.map { profile in
            VoicesBody.VoiceEntry(
                language: profile.language, name: profile.name, espeakVoice: profile.espeakVoice,
                voiceType: profile.voiceType, rate: profile.rate, pitch: profile.pitch, volume: profile.volume,
                lexiconEntries: profile.lexicon.entries.count, sources: profile.sources
            )
        }
        return Reply(.voices, VoicesBody(
            defaultLanguage: context.configuration.defaultLanguage,
            voices: profiles,
            synthesizerLanguages: library.spokenLanguages.filter { library.profile(for: $0) == nil }.map { language in
                VoicesBody.SynthesizerLanguage(language: language, name: library.speakingProfile(for: language).name)
            },
            problems: library.problems.map(\.description)
        )).encoded
    }

    /// The router dropped this subscriber for falling behind: say so once, and send no more events.
    func eventsOverflowed() {
        guard session.subscriptionDropped() else { return }
        output?.writeEvent([], notice: [Self.eventsCutNotice], force: true)
    }

    /// An event for this connection, now on its event loop.
    func deliver(_ shared: SharedEvent, isOwn: Bool) {
        guard session.wants(shared.event, isOwn: isOwn), let output else { return }
        if !output.writeEvent([shared.jsonLine], notice: [Self.eventsCutNotice]) {
            // Cut for lag: no more events for this connection; its replies still go out.
            if let recipient { context.router.unsubscribe(recipient) }
            session.eventsCut()
        }
    }

    /// The reply to a `status` or `voices` request beyond the client's allowance for them.
    private static func queryRefusal(_ request: RequestName) -> String {
        ReplyHeader.refusalLine(request, ProtocolError(.throttled,
            "This connection asked for \(request.rawValue) more than \(QueryAllowance.perSecond) times a second, so this one was not answered; ask less often."))
    }

    /// Written once in place of the events, when a connection let too many wait unread.
    static let eventsCutNotice = EventNotice.eventsCut.encoded
}
