public import AnnouncerCore

/// The answer to one `submit`: the announcement's id, or why it was refused.
public enum Submission: Sendable {
    case accepted(AnnouncementID)
    /// `reason` is the destination's own sentence, if it gave one; `throttled` when a server
    /// refused it only because this client sends faster than its limits allow.
    case refused(reason: String?, throttled: Bool)
}
