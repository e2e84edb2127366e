import AnnouncerCore
import AnnouncerEngine
import AnnouncerProtocol
import AnnouncerVoices
import NIOCore

/// Serves one JSON-lines connection: one reply per request, in order, and the events it asked for.
final class JSONLinesHandler: ChannelInboundHandler {
    typealias InboundIn = LineFrame

    private let context: ServerContext
    private let client: ClientAccount
    private var defaults: ConnectionDefaults
    private var output: ConnectionOutput?
    private var recipient: LoopBoundRecipient<JSONLinesHandler>?
    private var subscribed = false
    /// When this connection last asked for something other than status or voices.
    private var lastChange = MonotonicInstant(microseconds: 0)
    /// Own announcements whose events this connection follows.
    private var followed: Set<AnnouncementID> = []

    private var eventLoop: (any EventLoop)?

    init(context: ServerContext, client: ClientAccount) {
        self.context = context
        self.client = client
        client.identify(wireProtocol: .json)
        self.defaults = ConnectionDefaults(language: context.configuration.defaultLanguage)
    }

    func handlerAdded(context channelContext: ChannelHandlerContext) {
        eventLoop = channelContext.eventLoop
        let output = ConnectionOutput(
            channel: channelContext.channel, lineEnding: "\n",
            eventBound: context.configuration.maxPendingEventBytes, budget: context.outputBudget, logger: context.logger
        )
        self.output = output
        recipient = LoopBoundRecipient(
            self, channel: channelContext.channel, reading: output.reading, deliver: { $0.deliver($1, isOwn: $2) }, overflow: { $0.eventsOverflowed() })
    }

    func channelRead(context channelContext: ChannelHandlerContext, data: NIOAny) {
        let arrival = MonotonicInstant.now()
        switch unwrapInboundIn(data) {
        case let .tooLong(limit):
            reply(ReplyHeader.refusalLine(nil, ProtocolError(.lineTooLong,
                "The line is longer than \(limit) bytes and was discarded; send shorter requests.")))
        case let .line(buffer):
            // Blank lines between requests are allowed and need no reply.
            guard buffer.readableBytesView.contains(where: { !Self.isJSONWhitespace($0) }) else { return }
            switch JSONRequestParser.parse(buffer.readableBytesView, languages: context.languages) {
            case let .failure(failure):
                reply(ReplyHeader.refusalLine(failure.request.flatMap(RequestName.init(rawValue:)), failure.error))
            case let .success(request):
                // After a hang-up only what changes the queue matters: nobody is left to read a status.
                if !channelContext.channel.isActive, request.isQuery { return }
                handle(request, arrival: arrival)
            }
        }
    }

    func channelWritabilityChanged(context channelContext: ChannelHandlerContext) {
        output?.writabilityChanged()
        channelContext.fireChannelWritabilityChanged()
    }

    func handlerRemoved(context channelContext: ChannelHandlerContext) {
        // The connection closed. The recipient holds this handler; letting go of it breaks the cycle.
        if let recipient { context.router.unsubscribe(recipient) }
        recipient = nil
    }

    private func handle(_ request: JSONRequest, arrival: MonotonicInstant) {
        if !request.isQuery { lastChange = arrival }
        switch request {
        case let .speak(speak):
            reply(submit(speak, arrival: arrival))
        case let .cancel(target):
            context.scheduler.cancel(target)
            reply(Reply(.cancel, NoBody()).encoded)
        case .subscribe:
            if let recipient { context.router.subscribe(recipient) }
            subscribed = true
            reply(Reply(.subscribe, NoBody()).encoded)
        case .unsubscribe:
            if let recipient { context.router.unsubscribe(recipient) }
            subscribed = false
            reply(Reply(.unsubscribe, NoBody()).encoded)
        case .status:
            guard client.admitQuery(at: arrival) else { return reply(Self.queryRefusal(.status)) }
            reply(status(at: arrival))
        case let .defaults(language, politeness, punctuation):
            if let language { defaults.language = language }
            if let politeness { defaults.politeness = politeness }
            if let punctuation { defaults.punctuation = punctuation }
            reply(Reply(.defaults, DefaultsBody(
                language: defaults.language, politeness: defaults.politeness, punctuation: defaults.punctuation ?? .some
            )).encoded)
        case .voices:
            guard client.admitQuery(at: arrival) else { return reply(Self.queryRefusal(.voices)) }
            reply(voicesReply())
        }
    }

    private func submit(_ speak: SpeakRequest, arrival: MonotonicInstant) -> String {
        guard !context.isShuttingDown else {
            return ReplyHeader.refusalLine(.speak, ProtocolError(.shuttingDown, ProtocolErrorText.shuttingDown))
        }
        var announcement: Announcement
        do throws(ProtocolError) {
            announcement = try speak.announcement(defaults: defaults, arrival: arrival)
        } catch {
            return ReplyHeader.refusalLine(.speak, error)
        }
        announcement.client = ClientID(client.number)
        guard context.router.claim(announcement.id, for: speak.follow ? recipient : nil, client: client) else {
            return ReplyHeader.refusalLine(.speak, ProtocolError(.idInUse,
                "An announcement with the id \"\(announcement.id)\" is still waiting or speaking; choose another id."))
        }
        // Refused, it was never accepted: no id, no timeline entry; this reply is the client's record of it.
        let textBytes = announcement.text.utf8.count
        if let eventLoop, let refusal = client.admit(textBytes: textBytes, at: arrival, eventLoop: eventLoop) {
            context.router.release(announcement.id)
            return ReplyHeader.refusalLine(.speak, refusal.protocolError(limits: client.limits, textBytes: textBytes))
        }
        if speak.follow { followed.insert(announcement.id) }
        context.engine.submit(announcement)
        return Reply(.speak, SpeakAccepted(id: announcement.id)).encoded
    }

    /// The status reply: the one made for any connection within the last 100 ms, when this connection
    /// changed nothing since, else a new one, so a crowd asking at once costs one reply, not one each.
    private func status(at arrival: MonotonicInstant) -> String {
        let lastChange = self.lastChange
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
            throttling: context.clients.status(at: .now()),
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
            whenDown: device.handling.rawValue
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

    private func reply(_ line: String) { output?.write(line) }

    /// An event for this connection, now on its event loop.
    /// The router dropped this subscriber for falling behind: say so once, and send no more events.
    func eventsOverflowed() {
        guard subscribed else { return }
        subscribed = false
        output?.writeEvent([], notice: [Self.eventsCutNotice], force: true)
    }

    func deliver(_ shared: SharedEvent, isOwn: Bool) {
        let event = shared.event
        var wanted = subscribed
        if isOwn, followed.contains(event.announcement.id) {
            wanted = true
            if case .ended = event.kind { followed.remove(event.announcement.id) }
        }
        guard wanted, let output else { return }
        if !output.writeEvent([shared.jsonLine], notice: [Self.eventsCutNotice]) {
            // Cut for lag: no more events for this connection; its replies still go out.
            if let recipient { context.router.unsubscribe(recipient) }
            subscribed = false
            followed.removeAll()
        }
    }

    /// The reply to a `status` or `voices` request beyond the client's allowance for them.
    private static func queryRefusal(_ request: RequestName) -> String {
        ReplyHeader.refusalLine(request, ProtocolError(.throttled,
            "This connection asked for \(request.rawValue) more than \(QueryAllowance.perSecond) times a second, so this one was not answered; ask less often."))
    }

    /// Written once in place of the events, when a connection let too many wait unread.
    static let eventsCutNotice = EventNotice.eventsCut.encoded

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
