import AnnouncerClient
import AnnouncerCore
import AnnouncerEmbedded
import Foundation
import SeamTestSupport
import Testing

/// What an interrupted command leaves behind when it speaks with an engine inside announce: flow play's
/// stop and bench's Ctrl-C call `cancelOutstanding`, which must end what speaks and what waits, each with
/// its outcome on the command's timeline before it returns, as a server's cancels do.
struct EmbeddedDestinationCancelTests {
    @Test("cancelOutstanding ends what the engine speaks and what waits, each cancelled on the timeline before it returns")
    func cancelOutstandingEndsEverything() throws {
        let fake = FakeEngine()
        // The device takes one chunk of the first, then holds the next as a full buffer does.
        fake.sink.hold(after: 1)
        let destination = EmbeddedDestination(engine: fake.engine)
        let long = String(repeating: "A sentence that goes on speaking until it is stopped. ", count: 6)
        let ids = ["speaking", "waiting.1", "waiting.2"]
        // Each its own text, so none is dropped as a duplicate of the one before.
        try destination.speak(ids.map { OutgoingAnnouncement(id: $0, "\($0): \(long)", politeness: .polite, language: .english) })
        try #require(fake.sink.waitUntilHeld(), "the first announcement never reached the device")
        let sink = fake.sink
        let returned = DispatchSemaphore(value: 0)
        // A cancel that did not reach the device would leave it holding forever: let it play on, so the test fails, not hangs.
        Thread.detachNewThread { if returned.wait(timeout: .now() + 10) == .timedOut { sink.release() } }
        destination.cancelOutstanding()
        let outcomes = ids.map { destination.timeline.times(of: $0)?.outcome }
        returned.signal()
        #expect(outcomes == [.cancelled, .cancelled, .cancelled], "\(outcomes)")
        #expect(fake.sink.chunks.value.count == 1, "the device was given \(fake.sink.chunks.value.count) chunks")
    }
}
