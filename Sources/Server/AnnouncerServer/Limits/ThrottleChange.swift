import AnnouncerCore

/// A client began or ended being throttled: the moments the server logs, once each.
public enum ThrottleChange: Sendable, Equatable {
    /// The first refusal of a throttling episode.
    case started(ClientRefusal)
    /// No refusal for `ClientAllowance.quietPeriod`: the episode ended after `refused` refusals,
    /// the first and last `lasted` apart.
    case stopped(refused: Int, lasted: Duration)
}
