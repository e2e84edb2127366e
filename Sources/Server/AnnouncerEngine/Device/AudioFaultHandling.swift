/// What announcements do while the audio device is not working.
public enum AudioFaultHandling: String, Sendable, Hashable, CaseIterable {
    /// They wait for the device to come back, each up to its time to live, then are spoken in full.
    case wait
    /// They end `failed` at once, with the device's problem as the reason.
    case fail
}
