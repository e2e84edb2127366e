import AnnouncerCore
import NIOCore

/// The router's handle on one connection's handler: events arrive on the scheduler's queue
/// and are handed to the handler on its own event loop.
///
/// The handler holds its recipient and the recipient its handler; the handler lets go of it
/// in `handlerRemoved`, which breaks the cycle when the connection closes.
final class LoopBoundRecipient<Handler: AnyObject>: EventRecipient {
    private let handler: NIOLoopBound<Handler>
    private let deliverOnLoop: @Sendable (Handler, TimelineEvent, Bool) -> Void

    init(_ handler: Handler, eventLoop: any EventLoop, deliver: @escaping @Sendable (Handler, TimelineEvent, Bool) -> Void) {
        self.handler = NIOLoopBound(handler, eventLoop: eventLoop)
        deliverOnLoop = deliver
    }

    func deliver(_ event: TimelineEvent, isOwn: Bool) {
        handler.eventLoop.execute { [handler, deliverOnLoop] in deliverOnLoop(handler.value, event, isOwn) }
    }
}
