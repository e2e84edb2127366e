import AnnouncerCore
import Logging

extension ServerContext {
    /// Logs one of the queue's notices, once each: a pause of everyone that ended without a resume, and
    /// a program that began to flood assertive announcements.
    func log(_ notice: QueueNotice) {
        switch notice {
        case let .pauseForAllEnded(sender, .senderLeft):
            logger.info("A pause of every client's speech ended because the client that paused went away.", metadata: [
                "client.number": "\(sender.rawValue)",
            ])
        case let .pauseForAllEnded(sender, .timeLimit(limit)):
            var metadata = clients.metadata(of: sender)
            metadata["pause.limit_seconds"] = "\(limit.milliseconds / 1_000)"
            logger.notice("A pause of every client's speech ended at its time limit, though the client that paused is still connected; announcerd --max-pause-all sets the limit.", metadata: metadata)
        case let .assertiveFloodBegan(share, client, rate):
            var metadata = clients.metadata(of: client)
            metadata["share"] = "\(share.rawValue)"
            metadata["rate.per_second"] = "\(rate.perSecond)"
            metadata["rate.sustained_seconds"] = "\(rate.sustained.milliseconds / 1_000)"
            logger.notice("A program sends assertive announcements faster than its rate, so they are spoken as polite until it slows down.", metadata: metadata)
        }
    }
}
