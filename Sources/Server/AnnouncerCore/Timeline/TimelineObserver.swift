/// Something that is told of every timeline event, in order.
///
/// Called on the scheduler's queue: implementations must return at once and do any
/// slow work, such as writing to a file, elsewhere.
public protocol TimelineObserver: AnyObject, Sendable {
    func record(_ event: TimelineEvent)
}
