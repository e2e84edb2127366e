import AnnouncerCore
import AnnouncerScheduling
import Synchronization
import Testing

/// A speaker that only writes down what it is told, and reports what a test makes it report.
final class FakeSpeaker: Speaker {
    /// One thing the scheduler told the speaker.
    enum Call: Hashable {
        case speak(AnnouncementID, resumingAfterMark: Int?)
        case stop(AnnouncementID)
        case pause(AnnouncementID)
    }

    private let state = Mutex<(calls: [Call], reporters: [AnnouncementID: @Sendable (SpeechReport) -> Void])>(([], [:]))

    /// What the scheduler told the speaker, in order.
    var calls: [Call] { state.withLock { $0.calls } }

    func speak(_ announcement: Announcement, report: @escaping @Sendable (SpeechReport) -> Void) {
        state.withLock { state in
            state.calls.append(.speak(announcement.id, resumingAfterMark: announcement.resumesAfterMark))
            state.reporters[announcement.id] = report
        }
    }

    func stop(_ id: AnnouncementID) { state.withLock { $0.calls.append(.stop(id)) } }

    func pause(_ id: AnnouncementID) { state.withLock { $0.calls.append(.pause(id)) } }

    /// Sends `news` about `id`, as the engine's playback thread would; a test that reports on an
    /// announcement the scheduler has not yet given the speaker records an issue.
    func report(_ news: SpeechReport, about id: AnnouncementID, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let reporter = state.withLock({ $0.reporters[id] }) else {
            Issue.record("The speaker was never told to speak announcement \(id).", sourceLocation: sourceLocation)
            return
        }
        reporter(news)
    }
}
