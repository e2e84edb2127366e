import AnnouncerCore
import AnnouncerEngine

extension SpeechEngine {
    /// Ends whatever speaks or waits, and returns once the engine is idle.
    func quiesce() {
        scheduler.cancel(.all)
        scheduler.waitUntilIdle()
    }

    /// Submits an announcement and blocks until its first audio; returns its latencies,
    /// or nil, having marked the run as failed, if no audio came.
    func submitAndWaitForFirstAudio(_ announcement: Announcement, benchmark: String) -> Latency? {
        firstAudioWaiter.watch(announcement.id)
        submit(announcement)
        guard let events = firstAudioWaiter.wait() else {
            failTheRunAtExit("\(benchmark): a \(announcement.politeness) announcement was never heard.")
            return nil
        }
        return Latency(firstAudio: events.firstAudio.sinceArrival, audible: events.audible.sinceArrival)
    }
}
