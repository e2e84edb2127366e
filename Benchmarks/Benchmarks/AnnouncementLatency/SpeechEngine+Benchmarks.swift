import AnnouncerCore
import AnnouncerEngine

extension SpeechEngine {
    /// Ends whatever speaks or waits, and returns once the engine is idle.
    func quiesce() {
        scheduler.cancel(.all)
        scheduler.waitUntilIdle()
    }
}
