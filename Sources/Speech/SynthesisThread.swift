import DequeModule
import Foundation
import Synchronization

/// The one thread in this process that talks to libespeak-ng, with its queue of requests.
///
/// libespeak-ng is a single global instance that is not reentrant, so every engine in the
/// process shares `SynthesisThread.shared`. Requests run one at a time, in order.
/// Starting it sets `LC_CTYPE` to `C.UTF-8` for the whole process, as `espeak_Initialize` does.
public final class SynthesisThread: Sendable {
    /// The audio format of every chunk: mono, signed 16-bit, at this rate (22050 Hz for eSpeak NG 1.51).
    public let sampleRate: Int

    private let jobs = JobQueue()

    /// The shared thread, started on first use.
    public static func shared() throws(SpeechError) -> SynthesisThread {
        let result = sharedThread.withLock { cached -> Result<SynthesisThread, SpeechError> in
            if let cached { return cached }
            let started = Result { () throws(SpeechError) in try SynthesisThread() }
            cached = started
            return started
        }
        return try result.get()
    }

    private static let sharedThread = Mutex<Result<SynthesisThread, SpeechError>?>(nil)

    private init() throws(SpeechError) {
        let ready = DispatchSemaphore(value: 0)
        let startup = Mutex<Result<Int, SpeechError>?>(nil)
        let jobs = self.jobs
        let thread = Thread {
            let engine: ESpeakEngine
            do throws(SpeechError) {
                engine = try ESpeakEngine()
                startup.withLock { $0 = .success(engine.sampleRate) }
                ready.signal()
            } catch {
                startup.withLock { $0 = .failure(error) }
                ready.signal()
                return
            }
            while true { jobs.next()(engine) }
        }
        thread.name = "announcer.synthesis"
        thread.qualityOfService = .userInteractive
        thread.start()
        ready.wait()
        sampleRate = try startup.withLock { $0! }.get()
    }

    /// Queues a request; it runs after those before it. Returns at once.
    public func enqueue(_ request: SynthesisRequest) {
        run { engine in
            guard !request.isCancelled() else {
                request.finish(.aborted)
                return
            }
            var prepared = request
            if let preparation = request.preparation { prepared.text = preparation(request.text) }
            request.finish(engine.synthesize(prepared))
        }
    }

    /// eSpeak's phonemes for `text` in `voice`, as `espeak-ng -x` prints them. Blocks until done.
    public func phonemes(of text: String, voice: String) throws(SpeechError) -> String {
        let answer = Mutex<Result<String, SpeechError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        run { engine in
            answer.withLock { $0 = Result { () throws(SpeechError) in try engine.phonemes(of: text, voice: voice) } }
            done.signal()
        }
        done.wait()
        return try answer.withLock { $0! }.get()
    }

    private func run(_ job: @escaping @Sendable (ESpeakEngine) -> Void) {
        jobs.append(job)
    }
}

/// Work for the synthesis thread, first in, first out.
private final class JobQueue: Sendable {
    typealias Job = @Sendable (ESpeakEngine) -> Void
    private let jobs = Mutex<Deque<Job>>([])
    private let available = DispatchSemaphore(value: 0)

    func append(_ job: @escaping Job) {
        jobs.withLock { $0.append(job) }
        available.signal()
    }

    /// Blocks until a job is there, then takes it.
    func next() -> Job {
        while true {
            available.wait()
            if let job = jobs.withLock({ $0.popFirst() }) { return job }
        }
    }
}
