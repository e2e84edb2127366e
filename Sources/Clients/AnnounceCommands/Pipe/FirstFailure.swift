import AnnouncerCommandLine
import Synchronization

/// Tells the user on standard error of the first announcement that failed, in one line; the count of
/// the rest is in the pipe's summary, so a device that stays broken does not fill the terminal.
final class FirstFailure: Sendable {
    private let told = Atomic<Bool>(false)
    /// The command's standard error: outcomes are told on the engine's threads, which do not see it.
    private let output = PlainOutput.destination

    func report(_ id: String, _ explanation: String) {
        guard !told.exchange(true, ordering: .relaxed) else { return }
        PlainOutput.$destination.withValue(output) { PlainOutput.error("Announcement \(id) failed: \(explanation)") }
    }
}
