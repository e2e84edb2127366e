/// Whose speech a pause or resume request reaches.
public enum PauseTarget: Sendable, Hashable {
    /// One client's announcements: the one speaking stops at its next mark, the rest wait.
    case client(ClientID)
    /// Every client's, including clients that connect while the pause lasts.
    case all
}
