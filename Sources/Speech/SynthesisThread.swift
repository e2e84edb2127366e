import Blocking
import Glibc
import Synchronization

/// The one thread in this process that talks to libespeak-ng, with its queue of requests.
///
/// libespeak-ng is a single global instance that is not reentrant, so every engine in the
/// process shares `SynthesisThread.shared`. Requests run one at a time, in order.
/// Starting it sets `LC_CTYPE` to `C.UTF-8` for the whole process, as `espeak_Initialize` does.
public final class SynthesisThread: Sendable {
    /// The audio format of every chunk: mono, signed 16-bit, at this rate (22050 Hz for eSpeak NG 1.51).
    public let sampleRate: Int

    /// Work for the thread, first in, first out.
    private let jobs = BlockingQueue<@Sendable (ESpeakEngine) -> Void>()

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
        let startup = BlockingQueue<Result<Int, SpeechError>>()
        let jobs = self.jobs
        DedicatedThread.start(name: "announcer.synthesis") {
            let engine: ESpeakEngine
            do throws(SpeechError) {
                engine = try ESpeakEngine()
                startup.append(.success(engine.sampleRate))
            } catch {
                startup.append(.failure(error))
                return
            }
            // Never closed: the thread serves the process for its whole life.
            while let job = jobs.take() { job(engine) }
        }
        // The thread answers exactly once, so this take always gets an element.
        sampleRate = try startup.take()!.get()
    }

    /// Queues a request; it runs after those before it. Returns at once.
    public func enqueue(_ request: SynthesisRequest) {
        run { engine in
            guard let prepared = request.readyToSynthesize() else { return }
            request.finish(engine.synthesize(prepared))
        }
    }

    /// eSpeak's phonemes for `text` in `voice`, as `espeak-ng -x` prints them. Blocks until done.
    public func phonemes(of text: String, voice: String) throws(SpeechError) -> String {
        let answer = BlockingQueue<Result<String, SpeechError>>()
        run { engine in
            answer.append(Result { () throws(SpeechError) in try engine.phonemes(of: text, voice: voice) })
        }
        // The job answers exactly once, so this take always gets an element.
        return try answer.take()!.get()
    }

    private func run(_ job: @escaping @Sendable (ESpeakEngine) -> Void) {
        jobs.append(job)
    }
}
