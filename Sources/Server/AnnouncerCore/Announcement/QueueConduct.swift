/// How an announcement yields to others beyond what its politeness says.
///
/// Live regions need only `standard`. The other two carry Speech Dispatcher's `text`
/// and `notification` priorities, so SSIP clients keep the behaviour they were written for.
public enum QueueConduct: String, Sendable, Hashable, CaseIterable {
    /// Waits its turn; a newer announcement for its region replaces it only while it waits.
    case standard
    /// A newer announcement for its region, at least as urgent, replaces it while it waits
    /// and also while it speaks, so only the newest is heard.
    case replaceableWhileSpeaking
    /// Spoken only when nothing else speaks or waits, else dropped at once;
    /// anything that arrives while it speaks cuts it.
    case onlyWhenIdle
}
