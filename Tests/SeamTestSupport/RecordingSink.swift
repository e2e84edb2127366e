public import Audio
import Dispatch
import Synchronization

/// A device that plays nothing: it keeps each chunk written and counts the times it was let rest.
/// It takes every write at once, or, told to `hold(after:)`, blocks the write after that many chunks
/// until it is released or cut, as a full ALSA buffer blocks `snd_pcm_writei` until a drop.
public final class RecordingSink: AudioSink, Sendable {
    public let name = "recording"
    public let format = AudioFormat(sampleRate: 22_050)
    public let chunks = Locked<[[Int16]]>([])
    public let rests = Locked(0)
    private let rested = DispatchSemaphore(value: 0)
    /// Writes wait once this many chunks are written; nil lets them all through.
    private let holdAt = Mutex<(chunks: Int?, blocking: Bool)>((nil, false))
    private let opened = DispatchSemaphore(value: 0)
    private let blocked = DispatchSemaphore(value: 0)
    /// Keeps the cut count: a write is refused once the sink was cut after its mark was read.
    private let marks = NullSink(format: AudioFormat(sampleRate: 22_050))
    public var cutMark: CutMark { marks.cutMark }

    public init() {}

    /// Blocks every write once `count` chunks are written, until `release` or a cut ends the hold.
    public func hold(after count: Int) { holdAt.withLock { $0 = (count, false) } }

    /// Lets the held write, and all after it, through.
    public func release() {
        holdAt.withLock { $0 = (nil, false) }
        opened.signal()
    }

    /// Waits up to 10 s of real time until a write is held.
    public func waitUntilHeld() -> Bool { blocked.wait(timeout: .now() + 10) == .success }

    public func beginUtterance() {}
    public func write(_ samples: UnsafeBufferPointer<Int16>, unlessCutSince mark: CutMark) -> Bool {
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
    public func outputDelay() -> Duration { .zero }
    public func waitUntilPlayed() -> Bool { true }
    /// Refuses the write it holds, if any, and ends the hold, as a drop empties a full buffer.
    public func cut() {
        marks.cut()
        release()
    }
    public func close() {}
    public func rest() {
        rests.update { $0 += 1 }
        rested.signal()
    }

    /// Waits up to 10 s of real time for the device to be let rest.
    public func waitForRest() -> Bool { rested.wait(timeout: .now() + 10) == .success }
}
