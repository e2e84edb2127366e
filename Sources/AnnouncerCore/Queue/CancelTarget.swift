/// Which announcements a cancel request ends.
public enum CancelTarget: Sendable, Hashable {
    /// One announcement, waiting or speaking.
    case id(AnnouncementID)
    /// Every announcement of one region, waiting or speaking.
    case region(RegionID)
    /// Everything waiting and speaking.
    case all
    /// Only what is speaking now; what waits goes on.
    case speaking
}
