import AnnouncerCore
import Audio
import Dispatch
import Testing
@testable import AnnouncerEngine

/// The playback thread on its own, with a paced null sink: what a stopped utterance leaves behind.
@Suite struct PlaybackThreadTests {
    @Test("An utterance cancelled before the scheduler's cut reaches the sink leaves none of its audio buffered")
    func cancelSeenBeforeTheCutStillEmptiesTheSink() throws {
        let sink = NullSink(format: AudioFormat(sampleRate: 22_050))
        let playback = PlaybackThread(sink: sink)
        let stream = UtteranceStream(maxBuffered: 22_050)
        let heard = DispatchSemaphore(value: 0)
        playback.enqueue(PlaybackThread.Job(stream: stream) { news in
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
}
