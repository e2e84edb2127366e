import AnnouncerCore
import Synchronization

/// Routes each timeline event to the connection that sent the announcement and to every subscriber.
///
/// It also knows which announcement ids are still alive, so a client-chosen id is never used twice at once.
final class EventRouter: TimelineObserver {
    private struct State {
        /// Every announcement accepted and not yet ended, with the connection to tell, if any.
        var live: [AnnouncementID: Owner] = [:]
        var subscribers: [ObjectIdentifier: any EventRecipient] = [:]
    }

    private struct Owner {
        weak var recipient: (any EventRecipient)?
        /// The client whose allowance counts the announcement until it ends.
        var client: ClientAccount?
    }

    private let state = Mutex(State())

    /// Reserves `id` for a new announcement, remembering who to tell of its events and whose
    /// allowance to give back when it ends. Returns false when an announcement with that id is
    /// still waiting or speaking.
    func claim(_ id: AnnouncementID, for recipient: (any EventRecipient)?, client: ClientAccount? = nil) -> Bool {
        state.withLock { state in
            guard state.live[id] == nil else { return false }
            state.live[id] = Owner(recipient: recipient, client: client)
            return true
        }
    }

    /// Gives up a claim whose announcement was never submitted.
    func release(_ id: AnnouncementID) {
        _ = state.withLock { $0.live.removeValue(forKey: id) }
    }

    func subscribe(_ recipient: any EventRecipient) {
        state.withLock { $0.subscribers[ObjectIdentifier(recipient)] = recipient }
    }

    func unsubscribe(_ recipient: any EventRecipient) {
        _ = state.withLock { $0.subscribers.removeValue(forKey: ObjectIdentifier(recipient)) }
    }

    /// How many announcements are waiting or speaking, as the router counts them.
    var liveCount: Int { state.withLock { $0.live.count } }

    func record(_ event: TimelineEvent) {
        let id = event.announcement.id
        let (owner, subscribers) = state.withLock { state in
            let owner: (any EventRecipient)?
            if case .ended = event.kind {
                let ended = state.live.removeValue(forKey: id)
                ended?.client?.announcementEnded()
                owner = ended?.recipient
            } else {
                owner = state.live[id]?.recipient
            }
            return (owner, Array(state.subscribers.values))
        }
        guard owner != nil || !subscribers.isEmpty else { return }
        let shared = SharedEvent(event)
        if let owner { owner.deliver(shared, isOwn: true) }
        for subscriber in subscribers where subscriber !== owner {
            // A subscriber too far behind is dropped here, on the scheduler's queue, before more events pile up for it.
            if !subscriber.deliver(shared, isOwn: false) { unsubscribe(subscriber) }
        }
    }
}
