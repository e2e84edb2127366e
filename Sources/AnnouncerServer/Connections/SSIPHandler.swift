import AnnouncerCore
import AnnouncerProtocol
import NIOCore

/// Serves one SSIP connection: runs its `SSIPSession` and carries out what it asks.
///
/// Events for a message are held until a short while after its `225` reply: python3-speechd
/// registers a message's callbacks only once it has read that reply, so an event sent in the
/// same instant would be lost on its side and its `speak(..., callback)` would never hear the end.
final class SSIPHandler: ChannelInboundHandler {
    typealias InboundIn = LineFrame

    /// How long events wait behind the `225` reply that names their message.
    static let eventHold = TimeAmount.milliseconds(50)

    private let context: ServerContext
    private let client: ClientAccount
    private var session: SSIPSession
    /// The client name a session has until the client sets its own.
    private let unnamed: String
    private var output: ConnectionOutput?
    private var recipient: LoopBoundRecipient<SSIPHandler>?
    private var channel: (any Channel)?
    /// This client's messages that have not ended, for STOP SELF and CANCEL SELF.
    private var ownLive: Set<AnnouncementID> = []
    /// Each message's events may go out from this moment: its 225 reply plus the hold.
    private var releaseTimes: [AnnouncementID: NIODeadline] = [:]
    /// Events not yet sent, in order; each waits for its own message's time, never a later message's.
    private var heldEvents: [(due: NIODeadline, lines: [String])] = []
    private var releaseScheduled = false

    init(context: ServerContext, client: ClientAccount) {
        self.context = context
        self.client = client
        client.identify(wireProtocol: .ssip)
        session = SSIPSession(
            clientID: client.number, defaultLanguage: context.configuration.defaultLanguage,
            maxMessageBytes: context.configuration.maxLineLength, voices: context.voices
        )
        unnamed = session.settings.clientName
    }

    func handlerAdded(context channelContext: ChannelHandlerContext) {
        channel = channelContext.channel
        let output = ConnectionOutput(
            channel: channelContext.channel, lineEnding: "\r\n",
            eventBound: context.configuration.maxPendingEventBytes, budget: context.outputBudget, logger: context.logger
        )
        self.output = output
        recipient = LoopBoundRecipient(self, channel: channelContext.channel, reading: output.reading, deliver: { handler, shared, _ in handler.deliver(shared.event) })
    }

    func channelWritabilityChanged(context channelContext: ChannelHandlerContext) {
        output?.writabilityChanged()
        channelContext.fireChannelWritabilityChanged()
    }

    func handlerRemoved(context channelContext: ChannelHandlerContext) {
        recipient = nil
    }

    func channelRead(context channelContext: ChannelHandlerContext, data: NIOAny) {
        let arrival = MonotonicInstant.now()
        let actions: [SSIPAction]
        switch unwrapInboundIn(data) {
        case let .line(buffer): actions = session.receive(buffer.readableBytesView, at: arrival)
        case let .tooLong(limit): actions = session.lineTooLong(limit: limit)
        }
        perform(actions, channelContext: channelContext)
        if session.settings.clientName != unnamed { client.identify(name: session.settings.clientName) }
    }

    private func perform(_ actions: [SSIPAction], channelContext: ChannelHandlerContext) {
        var index = actions.startIndex
        while index < actions.endIndex {
            switch actions[index] {
            case let .speak(announcement):
                guard !context.isShuttingDown else {
                    output?.write("301 ERR SERVER SHUTTING DOWN")
                    index += 1  // The 225 reply that follows is not sent.
                    break
                }
                if let refusal = client.admit(textBytes: announcement.text.utf8.count, at: announcement.arrival, eventLoop: channelContext.eventLoop) {
                    output?.write(refusal.ssipLine(limits: client.limits))
                    index += 1  // Nor is it here: the message was never queued.
                    break
                }
                _ = context.router.claim(announcement.id, for: recipient, client: client)
                ownLive.insert(announcement.id)
                releaseTimes[announcement.id] = .now() + Self.eventHold
                context.engine.submit(announcement)
            case let .cancel(scope, speakingOnly):
                context.scheduler.cancel(target(scope, speakingOnly: speakingOnly))
            case let .reply(lines):
                output?.write(lines)
            case let .events(lines):
                if !lines.isEmpty {
                    heldEvents.append((.now() + Self.eventHold, lines))
                    releaseHeldEvents()
                }
            case .close:
                channelContext.close(promise: nil)
            }
            index += 1
        }
    }

    private func target(_ scope: SSIPScope, speakingOnly: Bool) -> CancelTarget {
        switch (scope, speakingOnly) {
        case (.all, true): .speaking
        case (.all, false): .all
        case (.ownMessages, true): .speakingAmong(ownLive)
        case (.ownMessages, false): .ids(ownLive)
        case let (.message(id), true): .speakingAmong([id])
        case let (.message(id), false): .id(id)
        }
    }

    /// An event of one of this client's messages, now on its event loop.
    func deliver(_ event: TimelineEvent) {
        let id = event.announcement.id
        let due = releaseTimes[id] ?? .distantPast
        if case .ended = event.kind {
            ownLive.remove(id)
            releaseTimes[id] = nil
        }
        let lines = session.eventLines(for: event)
        guard !lines.isEmpty else { return }
        heldEvents.append((due, lines))
        releaseHeldEvents()
    }

    /// Sends every held event that is due, in order; the wait is at most one hold long.
    private func releaseHeldEvents() {
        let now = NIODeadline.now()
        var due: [String] = []
        while let first = heldEvents.first, first.due <= now {
            due += first.lines
            heldEvents.removeFirst()
        }
        // SSIP has no event to say events stopped; past the bound they stop, and past four times it the connection closes.
        output?.writeEvent(due, notice: [])
        guard let next = heldEvents.first, !releaseScheduled, let channel else { return }
        releaseScheduled = true
        let bound = NIOLoopBound(self, eventLoop: channel.eventLoop)
        channel.eventLoop.scheduleTask(deadline: next.due) {
            bound.value.releaseScheduled = false
            bound.value.releaseHeldEvents()
        }
    }
}
