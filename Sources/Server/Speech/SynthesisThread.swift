import Blocking
import Glibc
import Synchronization

/// The one thread in this process that talks to the synthesis library, with its queue of requests.
///
/// libespeak-ng is a single global instance that is not reentrant, so every engine in the
/// process shares `SynthesisThread.shared`. Requests run one at a time, in order.
/// Starting eSpeak sets `LC_CTYPE` to `C.UTF-8` for the whole process, as `espeak_Initialize` does.
public final class SynthesisThread: Sendable {
    /// The audio format of every chunk: mono, signed 16-bit, at this rate (22050 Hz for eSpeak NG 1.51).
    public let sampleRate: Int
    /// The voices the engine has and the languages they speak.
    public let catalog: ESpeakCatalog

    /// Work for the thread, first in, first out.
    private let jobs = BlockingQueue<@Sendable (any SynthesisEngine) -> Void>()

    /// The shared thread, started on first use with the engine `start` makes on it (`ESpeakEngine.init`);
    /// later calls return the same thread.
    public static func shared(starting start: @escaping SynthesisEngineStart) throws(SpeechError) -> SynthesisThread {
        let result = sharedThread.withLock { cached -> Result<SynthesisThread, SpeechError> in
            if let cached { return cached }
            let started = Result { () throws(SpeechError) in try SynthesisThread(starting: start) }
            cached = started
            return started
        }
        return try result.get()
    }

    private static let sharedThread = Mutex<Result<SynthesisThread, SpeechError>?>(nil)

    private init(starting start: @escaping SynthesisEngineStart) throws(SpeechError) {
        let startup = BlockingQueue<Result<(Int, ESpeakCatalog), SpeechError>>()
        let jobs = self.jobs
        DedicatedThread.start(name: "announcer.synthesis") {
            let engine: any SynthesisEngine
            do throws(SpeechError) {
                engine = try start()
                startup.append(.success((engine.sampleRate, engine.catalog)))
            } catch {
                startup.append(.failure(error))
                return
            }
            // Never closed: the thread serves the process for its whole life.
            while let job = jobs.take() { job(engine) }
        }
        // The thread answers exactly once, so this take always gets an element.
        (sampleRate, catalog) = try startup.take()!.get()
    }

    /// Queues a request; it runs after those before it, its events going to `receiver`, until
    /// `cancellation` is cancelled. Returns at once.
    public func enqueue(_ request: SynthesisRequest, cancellation: SynthesisCancellation, to receiver: any SynthesisReceiver) {
        run { engine in
            guard !cancellation.isCancelledBeforeStart() else { return receiver.receive(.ended(.aborted)) }
            receiver.receive(.ended(engine.synthesize(request.prepared, cancellation: cancellation, to: receiver)))
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

    private func run(_ job: @escaping @Sendable (any SynthesisEngine) -> Void) {
        jobs.append(job)
    }
}
