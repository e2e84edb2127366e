import Audio
import Dispatch
import SeamTestSupport
import Synchronization

/// A device that plays nothing: it keeps each chunk written and counts the times it was let rest.
/// It takes every write at once, or, told to `hold(after:)`, blocks the write after that many chunks
/// until it is released or cut, as a full ALSA buffer blocks `snd_pcm_writei` until a drop.
final class RecordingSink: AudioSink, Sendable {
    let name = "recording"
    let format = AudioFormat(sampleRate: 22_050)
    let chunks = Locked<[[Int16]]>([])
    let rests = Locked(0)
    private let rested = DispatchSemaphore(value: 0)
    /// Writes wait once this many chunks are written; nil lets them all through.
    private let holdAt = Mutex<(chunks: Int?, blocking: Bool)>((nil, false))
    private let opened = DispatchSemaphore(value: 0)
    private let blocked = DispatchSemaphore(value: 0)
    /// Keeps the cut count: a write is refused once the sink was cut after its mark was read.
    private let marks = NullSink(format: AudioFormat(sampleRate: 22_050))
    var cutMark: CutMark { marks.cutMark }

    /// Blocks every write once `count` chunks are written, until `release` or a cut ends the hold.
    func hold(after count: Int) { holdAt.withLock { $0 = (count, false) } }

    /// Lets the held write, and all after it, through.
    func release() {
        holdAt.withLock { $0 = (nil, false) }
        opened.signal()
    }

    /// Waits up to 10 s of real time until a write is held.
    func waitUntilHeld() -> Bool { blocked.wait(timeout: .now() + 10) == .success }

    func beginUtterance() {}
    func write(_ samples: UnsafeBufferPointer<Int16>, unlessCutSince mark: CutMark) -> Bool {
        while true {
            if marks.cutMark != mark { return false }
            let (wait, blockedNow) = holdAt.withLock { hold -> (Bool, Bool) in
                guard let limit = hold.chunks, chunks.value.count >= limit else { return (false, false) }
                defer { hold.blocking = true }
                return (true, !hold.blocking)
            }
            guard wait else { break }
            if blockedNow { blocked.signal() }
            opened.wait()
        }
        chunks.update { $0.append(Array(samples)) }
        return true
    }
    func outputDelay() -> Duration { .zero }
    func waitUntilPlayed() -> Bool { true }
    /// Refuses the write it holds, if any, and ends the hold, as a drop empties a full buffer.
    func cut() {
        marks.cut()
        release()
    }
    func close() {}
    func rest() {
        rests.update { $0 += 1 }
        rested.signal()
    }

    /// Waits up to 10 s of real time for the device to be let rest.
    func waitForRest() -> Bool { rested.wait(timeout: .now() + 10) == .success }
}
