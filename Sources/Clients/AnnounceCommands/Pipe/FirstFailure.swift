import AnnouncerCommandLine
import Synchronization

/// Tells the user on standard error of the first announcement that failed, in one line; the count of
/// the rest is in the pipe's summary, so a device that stays broken does not fill the terminal.
final class FirstFailure: Sendable {
    private let told = Atomic<Bool>(false)

    func report(_ id: String, _ explanation: String) {
        guard !told.exchange(true, ordering: .relaxed) else { return }
        PlainOutput.error("Announcement \(id) failed: \(explanation)")
    }
}
