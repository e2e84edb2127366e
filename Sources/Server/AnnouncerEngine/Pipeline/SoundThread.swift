import Blocking

/// The engine's thread that waits for sound icons' audio, ahead of playback, so neither the playback
/// thread nor the synthesizer waits for a file to be decoded.
final class SoundThread: Sendable {
    private let jobs = BlockingQueue<@Sendable () -> Void>()

    init() {
        let jobs = self.jobs
        DedicatedThread.start(name: "announcer.sounds") {
            while let job = jobs.take() { job() }
        }
    }

    /// Runs `job` after those before it; once the thread has ended, runs `orElse` here instead.
    func run(_ job: @escaping @Sendable () -> Void, orElse: () -> Void) {
        if !jobs.append(job) { orElse() }
    }

    /// Ends the thread once what is queued has run.
    func close() { jobs.close() }
}
