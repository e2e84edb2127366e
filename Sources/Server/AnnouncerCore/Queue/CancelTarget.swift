/// Which announcements a cancel request ends.
public enum CancelTarget: Sendable, Hashable {
    /// One announcement, waiting or speaking.
    case id(AnnouncementID)
    /// Several announcements at once, such as every one a client sent; cut together, so none of them starts in between.
    case ids(Set<AnnouncementID>)
    /// Every announcement of one region, waiting or speaking.
    case region(RegionID)
    /// Every announcement of one client, waiting or speaking (Emacspeak's `s`).
    case client(ClientID)
    /// Everything waiting and speaking.
    case all
    /// Only what is speaking now; what waits goes on.
    case speaking
    /// Only what is speaking now, and only if it is one of these; what waits goes on.
    case speakingAmong(Set<AnnouncementID>)

    /// True when the target ends waiting announcements too, not only the speaking one.
    public var reachesWaiting: Bool {
        switch self {
        case .speaking, .speakingAmong: false
        case .id, .ids, .region, .client, .all: true
        }
    }
}
