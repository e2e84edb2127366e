import AnnouncerClient
import AnnouncerCore
import AnnouncerEmbedded
import Foundation
import SeamTestSupport
import Testing

/// `announce emacspeak` with an engine inside announce, as `--sink` or `--embedded` gives it: its loop,
/// `EmacspeakServer`, posting to an `EmbeddedDestination` on the fake engine. EndToEndTests'
/// EmacspeakTests keeps the real path: eSpeak NG's speech in a WAV through the same loop, and Emacspeak
/// 53 itself, whose key press cuts the line it was reading.
struct EmacspeakOnEmbeddedEngineTests {
    /// Lines for the loop's `readLine`, given by the test as Emacspeak would send them; nil once closed.
    final class Keyboard: Sendable {
        private let lines = Locked<(waiting: [String], closed: Bool)>(([], false))
        private let given = DispatchSemaphore(value: 0)

        func send(_ text: String) {
            let new = text.split(separator: "\n").map(String.init)
            lines.update { $0.waiting += new }
            for _ in new { given.signal() }
        }

        func close() {
            lines.update { $0.closed = true }
            given.signal()
        }

        /// The next line, waiting up to 10 s for one; nil when closed, or after that.
        func next() -> String? {
            guard given.wait(timeout: .now() + 10) == .success else { return nil }
            return lines.update { $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() }
        }
    }

    @Test("s stops what Emacspeak is saying: the sound ends early and the timeline says cancelled; a letter after it is spoken")
    func stopCutsSpeech() throws {
        let fake = FakeEngine()
        let text = String(repeating: "This sentence is read again and again until Emacspeak stops it. ", count: 6)
        let words = text.split(separator: " ").count
        // The device takes three words, then holds the fourth as a full buffer does, until the stop.
        fake.sink.hold(after: 3)
        let problems = Locked<[String]>([])
        var emacspeak = try EmacspeakServer(
            destination: EmbeddedDestination(engine: fake.engine), immediatePoliteness: .polite, version: "test",
            output: { _ in }, problems: { sentence in problems.update { $0.append(sentence) } })
        let keyboard = Keyboard()
        let sink = fake.sink
        let heldBeforeTheStop = Locked(false)
        let ended = DispatchSemaphore(value: 0)
        // Emacspeak types beside the loop: the long text, then, once the device holds it, the stop and a letter.
        Thread.detachNewThread {
            keyboard.send("q {\(text)}\nd\n")
            heldBeforeTheStop.update { $0 = sink.waitUntilHeld() }
            keyboard.send("s\nl {A}\n")
            keyboard.close()
            // A stop that did not reach the device would leave it holding forever: let it play on, so the test fails, not hangs.
            if ended.wait(timeout: .now() + 10) == .timedOut { sink.release() }
        }
        // The loop lets what is queued be spoken before it returns, as announce does before it exits.
        emacspeak.run(readLine: keyboard.next)
        ended.signal()
        try #require(heldBeforeTheStop.value, "the long text never reached the device")

        let timeline = fake.timeline.recorded
        let long = timeline.filter { $0.announcement.text.hasPrefix("This sentence") }
        #expect(long.last.map { if case .ended(.cancelled) = $0.kind { true } else { false } } == true, "\(long.map(\.kind))")
        let letter = timeline.filter { $0.announcement.text == "a" }
        #expect(letter.last.map { if case .ended(.spoken) = $0.kind { true } else { false } } == true,
                "\(timeline.map { "\($0.kind) \($0.announcement.text.prefix(20))" })")
        // The whole text is \(words) words; the device was given the three before the stop, and the letter.
        let given = fake.sink.chunks.value.count
        #expect(given == 4, "the device was given \(given) chunks of a text of \(words) words and a letter")
        #expect(problems.value.isEmpty, "\(problems.value)")
    }
}
