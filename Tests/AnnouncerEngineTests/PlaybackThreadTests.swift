import AnnouncerCore
import Audio
import Dispatch
import Glibc
import Synchronization
import Testing
@testable import AnnouncerEngine
import AnnouncerScheduling
import SeamTestSupport

/// The playback thread on its own, with a paced null sink: what a stopped utterance leaves behind.
@Suite struct PlaybackThreadTests {
    static func watch(changes: Locked<[String]>? = nil) -> AudioDeviceWatch {
        AudioDeviceWatch(name: "test", handling: .wait) { change, _ in
            changes?.update { $0.append(String(describing: change).hasPrefix("wentDown") ? "down" : "back") }
        }
    }

    @Test("An utterance cancelled before the scheduler's cut reaches the sink leaves none of its audio buffered")
    func cancelSeenBeforeTheCutStillEmptiesTheSink() throws {
        let sink = NullSink(format: AudioFormat(sampleRate: 22_050))
        let playback = PlaybackThread(sink: sink, device: Self.watch(), handling: .wait)
        let stream = UtteranceStream(maxBuffered: 22_050)
        let heard = DispatchSemaphore(value: 0)
        playback.enqueue(PlaybackThread.Job(stream: stream, deadline: nil) { news in
            if case .firstAudio = news { heard.signal() }
        })
        // One second in one chunk: the sink takes a chunk larger than its buffer when it is empty, and a
        // second leaves a loaded machine plenty of time to look before it has played.
        let chunk = [Int16](repeating: 1_000, count: 22_050)
        _ = chunk.withUnsafeBufferPointer { stream.push($0) }
        #expect(heard.wait(timeout: .now() + 5) == .success)
        #expect(sink.outputDelay() > .milliseconds(500))
        // The race as it happens in the engine: the playback thread sees the cancel and leaves
        // the utterance before the scheduler's cut, which then finds nothing playing.
        stream.cancel()
        // Runs on the playback thread after it has left the cancelled utterance.
        playback.closeSink()
        #expect(sink.outputDelay() < .milliseconds(100), "the cancelled chunk is still buffered")
    }

    @Test("A device that fails mid-utterance is opened again, and the utterance is played again from its start, once")
    func failedDeviceIsReopenedAndTheUtteranceReplayed() throws {
        let devices = Locked<[ScriptedSink]>([])
        let opens = Locked(0)
        let sink = try ReopeningSink(name: "scripted", format: AudioFormat(sampleRate: 22_050)) { () throws(AudioError) -> any AudioSink in
            let attempt = opens.update { $0 += 1; return $0 }
            // The second open finds the device still gone; the third works.
            if attempt == 2 { throw .deviceUnavailable(device: "scripted", detail: "connection refused") }
            let device = ScriptedSink(failAfterWrites: attempt == 1 ? 2 : nil)
            devices.update { $0.append(device) }
            return device
        }
        let changes = Locked<[String]>([])
        let playback = PlaybackThread(sink: sink, device: Self.watch(changes: changes), handling: .wait)
        let stream = UtteranceStream(maxBuffered: 22_050 * 10)
        let ended = DispatchSemaphore(value: 0)
        let result = Locked<SpeechReport?>(nil)
        playback.enqueue(PlaybackThread.Job(stream: stream, deadline: nil) { news in
            if case .finished = news { result.update { $0 = news }; ended.signal() }
        })
        for value in Int16(1)...4 {
            _ = [Int16](repeating: value, count: 100).withUnsafeBufferPointer { stream.push($0) }
        }
        stream.finish(.completed)
        #expect(ended.wait(timeout: .now() + 10) == .success)
        guard case .finished(.completed, _) = try #require(result.value) else {
            Issue.record("expected completed, got \(String(describing: result.value))")
            return
        }
        #expect(opens.value == 3)
        let written = devices.value.map(\.firstSamples)
        // The first device took two chunks and failed on the third; the third device got all four, from the start.
        #expect(written == [[1, 2], [1, 2, 3, 4]])
        #expect(changes.value == ["down", "back"])
        playback.closeSink()
    }
}

extension PlaybackThreadTests {
    @Test("Announcements that give up waiting one after another do not put off the attempts to open the device again")
    func givingUpDoesNotStarveReopening() throws {
        let opens = Locked(0)
        let sink = try ReopeningSink(name: "scripted", format: AudioFormat(sampleRate: 22_050)) { () throws(AudioError) -> any AudioSink in
            let attempt = opens.update { $0 += 1; return $0 }
            if attempt == 1 { return ScriptedSink(failAfterWrites: 0) }
            throw .deviceUnavailable(device: "scripted", detail: "connection refused")
        }
        let playback = PlaybackThread(sink: sink, device: Self.watch(), handling: .wait)
        let ended = DispatchSemaphore(value: 0)
        let start = MonotonicInstant.now()
        // Twenty announcements, each with 30 ms more to live than the one before: none lives as long
        // as the backoff's first step (50 ms) after it begins to wait.
        for index in 1...20 {
            let stream = UtteranceStream(maxBuffered: 22_050)
            playback.enqueue(PlaybackThread.Job(stream: stream, deadline: start + .milliseconds(30 * index)) { news in
                if case .finished = news { ended.signal() }
            })
            _ = [Int16](repeating: 1, count: 100).withUnsafeBufferPointer { stream.push($0) }
            stream.finish(.completed)
        }
        let deadline = DispatchTime.now() + 10
        #expect((1...20).allSatisfy { _ in ended.wait(timeout: deadline) == .success }, "not all twenty announcements ended")
        // 600 ms of giving up: the device was tried again several times meanwhile, on its own schedule.
        #expect(opens.value >= 4, "only \(opens.value - 1) attempts to open the device again")
        playback.closeSink()
    }
}

/// A device that takes writes until told to fail, and remembers the first sample of each chunk.
final class ScriptedSink: AudioSink, Sendable {
    let name = "scripted"
    let format = AudioFormat(sampleRate: 22_050)
    private let failAfterWrites: Int?
    private let lock = Mutex<[Int16]>([])
    init(failAfterWrites: Int?) { self.failAfterWrites = failAfterWrites }
    var firstSamples: [Int16] { lock.withLock { $0 } }
    func beginUtterance() {}
    /// Marks are never compared here: a scripted device is never cut.
    private let marks = NullSink(format: AudioFormat(sampleRate: 22_050))
    var cutMark: CutMark { marks.cutMark }
    func write(_ samples: UnsafeBufferPointer<Int16>, unlessCutSince mark: CutMark) throws(AudioError) -> Bool {
        let count = lock.withLock { $0.count }
        if let failAfterWrites, count >= failAfterWrites { throw .writeFailed(device: "scripted", detail: "input/output error") }
        lock.withLock { $0.append(samples[0]) }
        return true
    }
    func outputDelay() -> Duration { .zero }
    func waitUntilPlayed() -> Bool { true }
    func cut() {}
    func close() {}
}
