import AnnouncerCore

/// A connection that hears timeline events: those of its own announcements, or all of them.
protocol EventRecipient: AnyObject, Sendable {
    /// Called on the scheduler's queue; must return at once and do its writing on its own event loop.
    /// `isOwn` is true when the announcement was sent on this connection. Returns false when the
    /// recipient has fallen so far behind that it takes no more events as a subscriber.
    @discardableResult
    func deliver(_ event: SharedEvent, isOwn: Bool) -> Bool
}
