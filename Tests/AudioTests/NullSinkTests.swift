import Audio
import Foundation
import Synchronization
import Testing

/// The null sink discards audio but keeps a real device's pace, so timing in tests is real.
@Suite struct NullSinkTests {
    let format = AudioFormat(sampleRate: 22_050)

    @Test("Writing half a second of audio takes about half a second")
    func writesArePacedInRealTime() throws {
        let sink = NullSink(format: format)
        let chunk = sineWave(milliseconds: 50)
        let start = Date()
        for _ in 0..<10 { _ = chunk.withUnsafeBufferPointer { try! sink.write($0) } }
        #expect(sink.waitUntilPlayed())
        #expect(Date().timeIntervalSince(start) >= 0.45)
    }

    @Test("The output delay is what is still buffered")
    func outputDelayIsBufferedAudio() {
        let sink = NullSink(format: format)
        let written = ContinuousClock.now
        _ = sineWave(milliseconds: 40).withUnsafeBufferPointer { try! sink.write($0) }
        let delay = sink.outputDelay()
        let elapsed = ContinuousClock.now - written
        // What was written, less what has played since: allow a millisecond of rounding.
        #expect(delay <= .milliseconds(40))
        #expect(delay + elapsed >= .milliseconds(39))
    }

    @Test("A cut makes a blocked write return false")
    func cutReleasesBlockedWrite() {
        let sink = NullSink(format: format)
        let results = Mutex<[Bool]>([])
        let chunk = sineWave(milliseconds: 50)
        let writer = Thread {
            // One mark for the whole utterance, as the playback thread does: a cut between writes counts too.
            let mark = sink.cutMark
            for _ in 0..<100 {
                let accepted = chunk.withUnsafeBufferPointer { sink.write($0, unlessCutSince: mark) }
                results.withLock { $0.append(accepted) }
                if !accepted { return }
            }
        }
        writer.start()
        Thread.sleep(forTimeInterval: 0.2)
        sink.cut()
        let deadline = Date().addingTimeInterval(2)
        while writer.isExecuting, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        #expect(!writer.isExecuting)
        #expect(results.withLock { $0.last } == false)
        #expect(results.withLock { $0.count } < 100)
    }

    @Test("Audio taken before a cut is refused after it, so a cut utterance's stale chunk never plays")
    func chunkTakenBeforeCutIsRefused() throws {
        let sink = NullSink(format: format)
        let mark = sink.cutMark
        sink.cut()
        let stale = sineWave(milliseconds: 50)
        #expect(try stale.withUnsafeBufferPointer { try sink.write($0, unlessCutSince: mark) } == false)
        // Nothing was buffered, so the next utterance's first frame is not held back.
        #expect(sink.outputDelay() == .zero)
        #expect(try stale.withUnsafeBufferPointer { try sink.write($0, unlessCutSince: sink.cutMark) })
    }

    @Test("A cut makes waiting for playback return false")
    func cutReleasesWaitUntilPlayed() {
        let sink = NullSink(format: format)
        // An empty buffer takes a whole chunk at once, so one second is "playing" when the cut comes.
        _ = sineWave(milliseconds: 1_000).withUnsafeBufferPointer { try! sink.write($0) }
        // A thread of its own: Dispatch's global pool is shared with the rest of the suite, whose
        // server tests block on sockets and processes, and a cut delayed past a second fails this test.
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.05)
            sink.cut()
        }
        #expect(sink.waitUntilPlayed() == false)
    }
}
