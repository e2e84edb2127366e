import AnnouncerCore
import AnnouncerProtocol
import NIOCore

/// Serves one SSIP connection: feeds its `SSIPSession` the lines and this client's events, and carries
/// out the actions it returns. The session decides everything, the event hold included.
final class SSIPHandler: ChannelInboundHandler {
    typealias InboundIn = LineFrame

    private let context: ServerContext
    private let client: ClientAccount
    private var session: SSIPSession
    /// The client name a session has until the client sets its own.
    private let unnamed: String
    /// The client name the server was last told, so a client is grouped again only when it renames itself.
    private var toldName: String
    private var output: ConnectionOutput?
    private var recipient: LoopBoundRecipient<SSIPHandler>?
    private var channel: (any Channel)?

    init(context: ServerContext, client: ClientAccount) {
        self.context = context
        self.client = client
        client.identify(wireProtocol: .ssip)
        session = SSIPSession(
            clientID: client.number, defaultLanguage: context.configuration.defaultLanguage,
            maxMessageBytes: context.configuration.maxLineLength, voices: context.voices,
            soundIcons: context.soundIcons
        )
        unnamed = session.settings.clientName
        toldName = unnamed
    }

    func handlerAdded(context channelContext: ChannelHandlerContext) {
        channel = channelContext.channel
        let output = context.output(for: channelContext.channel, lineEnding: "\r\n")
        self.output = output
        recipient = LoopBoundRecipient(self, channel: channelContext.channel, reading: output.reading, deliver: { handler, shared, _ in handler.deliver(shared.event) })
        context.clientJoinedQueue(client)
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
        recipient = nil
        // The connection closed and nothing more of it reaches this handler: a pause it made ends now.
        context.clientLeftQueue(client, eventLoop: channelContext.eventLoop)
    }

    func channelRead(context channelContext: ChannelHandlerContext, data: NIOAny) {
        let arrival = MonotonicInstant.now()
        output?.holdFlushes()
        switch unwrapInboundIn(data) {
        case let .line(buffer): perform(session.receive(buffer.readableBytesView, at: arrival))
        case let .tooLong(limit): perform(session.lineTooLong(limit: limit))
        }
        if session.settings.clientName != toldName {
            toldName = session.settings.clientName
            context.identify(client, ssipName: toldName)
        }
    }

    /// An event of one of this client's messages, now on its event loop.
    func deliver(_ event: TimelineEvent) {
        perform(session.deliver(event, at: .now()))
    }

    private func perform(_ actions: [SSIPAction]) {
        for action in actions {
            switch action {
            case let .speak(announcement):
                submit(announcement)
            case let .cancel(target):
                context.scheduler.cancel(target, from: client.clientID)
            case let .pause(target):
                // A pause of everyone is this client's: it ends when the client goes, or at the limit.
                context.scheduler.pause(target, by: client.clientID, lastingAtMost: context.maxPauseForAll)
            case let .resume(target):
                context.scheduler.resume(target)
            case let .reply(lines):
                output?.write(lines)
            case let .events(lines):
                // SSIP has no event to say events stopped; past the bound they stop, and past four times it the connection closes.
                output?.writeEvent(lines, notice: [])
            case let .wake(moment):
                wake(at: moment)
            case .close:
                // The replies before it (QUIT's 231) go out first.
                output?.releaseFlushes()
                channel?.close(promise: nil)
            }
        }
    }

    /// Queues the message, or writes the one line that says why not; a refused message gets no `225`.
    private func submit(_ announcement: Announcement) {
        if context.isShuttingDown {
            output?.write("301 ERR SERVER SHUTTING DOWN")
            return
        }
        if let channel, let refusal = client.admit(textBytes: announcement.text.utf8.count, eventLoop: channel.eventLoop) {
            output?.write(refusal.ssipLine(limits: client.limits))
            return
        }
        _ = context.router.claim(announcement.id, for: recipient, client: client)
        context.engine.submit(announcement)
        perform(session.accepted(announcement.id, at: .now()))
    }

    private func wake(at moment: MonotonicInstant) {
        guard let channel else { return }
        let bound = NIOLoopBound(self, eventLoop: channel.eventLoop)
        channel.eventLoop.scheduleTask(deadline: .uptimeNanoseconds(moment.microseconds * 1_000)) {
            bound.value.perform(bound.value.session.releaseHeldEvents(at: .now()))
        }
    }
}
