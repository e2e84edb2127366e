import Dispatch
import Speech
import Synchronization
import Testing

/// The request as a plain value, and the cancellation its caller holds: no eSpeak, no process.
@Suite struct SynthesisRequestTests {
    @Test("A request is a value: equal with the same words, voice, prosody and preparation, and not with another preparation")
    func requestsCompareAsValues() {
        let sentence = AppendingPreparation(sentence: " more")
        let request = SynthesisRequest(text: "Hi", voice: "en", rate: 300, preparation: sentence)
        #expect(request == SynthesisRequest(text: "Hi", voice: "en", rate: 300, preparation: AppendingPreparation(sentence: " more")))
        #expect(request != SynthesisRequest(text: "Hi", voice: "en", rate: 300, preparation: AppendingPreparation(sentence: " less")))
        #expect(request != SynthesisRequest(text: "Hi", voice: "en", rate: 300))
        #expect(request != SynthesisRequest(text: "Hi", voice: "nb", rate: 300, preparation: sentence))
        #expect(request.prepared == SynthesisRequest(text: "Hi more", voice: "en", rate: 300))
    }

    @Test("A held cancellation keeps its request from starting until it is released, then lets it start")
    func heldRequestStartsWhenReleased() {
        let cancellation = SynthesisCancellation(held: true)
        let question = StartQuestion(cancellation)
        #expect(question.answer(within: .milliseconds(20)) == nil, "it started while held")
        cancellation.release()
        #expect(question.answer(within: .seconds(5)) == false)
        #expect(!cancellation.isCancelled)
    }

    @Test("A held cancellation that is cancelled says so at once to the synthesizer waiting on it, and a release after changes nothing")
    func heldRequestCancelledNeverStarts() {
        let cancellation = SynthesisCancellation(held: true)
        let question = StartQuestion(cancellation)
        cancellation.cancel()
        #expect(question.answer(within: .seconds(5)) == true)
        cancellation.release()
        #expect(cancellation.isCancelled)
        #expect(cancellation.isCancelledBeforeStart())
    }
}

/// A synthesizer's question before it starts a request, asked on a thread of its own, as the
/// supervisor asks it: the answer, once it comes.
final class StartQuestion: Sendable {
    private let answered = DispatchSemaphore(value: 0)
    private let cancelled = Mutex<Bool?>(nil)

    init(_ cancellation: SynthesisCancellation) {
        DispatchQueue.global().async { [self] in
            let answer = cancellation.isCancelledBeforeStart()
            cancelled.withLock { $0 = answer }
            answered.signal()
        }
    }

    /// Whether it was cancelled, once the question is answered; nil when no answer came within `limit`.
    func answer(within limit: Duration) -> Bool? {
        let nanoseconds = Int(limit.components.seconds) * 1_000_000_000 + Int(limit.components.attoseconds / 1_000_000_000)
        guard answered.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else { return nil }
        // Passed on, so a later look sees the answer too.
        answered.signal()
        return cancelled.withLock { $0 }
    }
}
