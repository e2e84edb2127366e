import Audio
import Dispatch
import Synchronization

/// Decodes and resamples sound files on its own thread, one at a time, so that neither the server's
/// event loops nor the synthesis thread read a long file: a 30 s file at 96 kHz takes hundreds of
/// milliseconds, and ten of them in turn took the server's replies seconds behind.
///
/// A file asked for while it is being decoded is decoded once; every asker gets the same result.
final class SoundIconDecoder: Sendable {
    /// One file's decoding, finished or not.
    final class Job: Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let result = Mutex<Result<[Int16], WAVFileError>?>(nil)

        /// The result, waiting for it in steps of `step` while `isCancelled` is false; nil when cancelled.
        func wait(step: DispatchTimeInterval = .milliseconds(5), isCancelled: () -> Bool) -> Result<[Int16], WAVFileError>? {
            while true {
                if let finished = result.withLock({ $0 }) { return finished }
                if isCancelled() { return nil }
                if done.wait(timeout: .now() + step) == .success {
                    // Let any other waiter through too.
                    done.signal()
                }
            }
        }

        var isFinished: Bool { result.withLock { $0 != nil } }

        /// Hands the outcome to every waiter.
        func finish(_ outcome: Result<[Int16], WAVFileError>) {
            result.withLock { $0 = outcome }
            done.signal()
        }
    }

    /// How many decodings may wait beyond the one running before a read-ahead is declined: the one
    /// the synthesis thread needs is always taken.
    static let readAheadBacklog = 4

    private let queue = DispatchQueue(label: "announcer.sound-icons", qos: .userInitiated)
    private let jobs = Mutex<[SoundIconCache.Key: Job]>([:])

    /// Decodes the file at `path` to `key.sampleRate`, or joins its decoding under way; `finished` is
    /// called on the decoder's thread before the job's waiters are woken. With `readAhead`, nothing
    /// is started while `readAheadBacklog` others wait, and nil is returned.
    func decode(
        _ key: SoundIconCache.Key, path: String, readAhead: Bool = false,
        finished: @escaping @Sendable (Result<[Int16], WAVFileError>) -> Void
    ) -> Job? {
        let (job, isNew): (Job?, Bool) = jobs.withLock { jobs in
            if let running = jobs[key] { return (running, false) }
            if readAhead, jobs.count > Self.readAheadBacklog { return (nil, false) }
            let job = Job()
            jobs[key] = job
            return (job, true)
        }
        guard let job, isNew else { return job }
        queue.async { [self] in
            let outcome = Result { () throws(WAVFileError) -> [Int16] in
                let wav = try WAVFile(contentsOf: path)
                return Resampler(from: wav.sampleRate, to: key.sampleRate).resample(wav.samples)
            }
            finished(outcome)
            _ = jobs.withLock { $0.removeValue(forKey: key) }
            job.finish(outcome)
        }
        return job
    }
}
