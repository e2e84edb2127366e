import Glibc
import Spawning

/// Worker frames over a pair of file descriptors: whole frames written, whole frames read, each
/// read blocking until its frame has come (the supervisor first waits, with its deadline, in `WorkerInbox`).
///
/// Audio goes without a copy in user space on either side: the worker writes a frame's header and
/// eSpeak's own buffer in one `writev`, and the reader reads the samples straight into the array it
/// hands on (docs/ARCHITECTURE.md, "The PCM's copies").
struct FrameChannel {
    let input: Int32
    let output: Int32

    /// Why reading stopped without a frame.
    enum ReadFailure: Error, Equatable {
        /// The other side closed its end: it exited or died.
        case closed
        /// Bytes came that are not a frame.
        case corrupt
    }

    /// Writes the whole frame; false when the other side is gone.
    @discardableResult
    func write(_ frame: WorkerFrame) -> Bool {
        frame.encoded.withUnsafeBytes { SystemCall.writeAll(output, $0) }
    }

    /// Writes an audio frame for request `id` from where the samples lie; false when the other side is gone.
    @discardableResult
    func writeAudio(id: UInt32, samples: UnsafeBufferPointer<Int16>) -> Bool {
        let length = UInt32(4 + samples.count * 2)
        // Type, length and id, on the stack: nothing is allocated per chunk.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 9) { header in
            header[0] = UInt8(ascii: "A")
            for shift in 0..<4 {
                header[1 + shift] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(shift)))
                header[5 + shift] = UInt8(truncatingIfNeeded: id >> (8 * UInt32(shift)))
            }
            return SystemCall.writeAll(output, UnsafeRawBufferPointer(header), UnsafeRawBufferPointer(samples))
        }
    }

    /// The next frame, waiting as long as it takes for it to begin and to arrive whole.
    func read() -> Result<WorkerFrame, ReadFailure> {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 5) { header in
            guard SystemCall.readAll(input, into: UnsafeMutableRawBufferPointer(header)) else { return .failure(.closed) }
            let length = Int(header[1]) | Int(header[2]) << 8 | Int(header[3]) << 16 | Int(header[4]) << 24
            guard length <= WorkerFrame.maxPayload else { return .failure(.corrupt) }
            if header[0] == UInt8(ascii: "A") { return readAudio(length: length) }
            var payload = [UInt8](repeating: 0, count: length)
            guard payload.withUnsafeMutableBytes({ SystemCall.readAll(input, into: $0) }) else { return .failure(.closed) }
            guard let frame = WorkerFrame(type: header[0], payload: payload) else { return .failure(.corrupt) }
            return .success(frame)
        }
    }

    /// An audio frame's id, then its samples read from the pipe straight into the array that carries them.
    private func readAudio(length: Int) -> Result<WorkerFrame, ReadFailure> {
        guard length >= 4, length % 2 == 0 else { return .failure(.corrupt) }
        var id: UInt32 = 0
        guard withUnsafeMutableBytes(of: &id, { SystemCall.readAll(input, into: $0) }) else { return .failure(.closed) }
        var complete = false
        let samples = [Int16](unsafeUninitializedCapacity: (length - 4) / 2) { buffer, count in
            complete = SystemCall.readAll(input, into: UnsafeMutableRawBufferPointer(buffer))
            count = complete ? buffer.count : 0
        }
        guard complete else { return .failure(.closed) }
        // Both ends are this machine, and Linux runs little-endian here (`WorkerFrame.encoded`).
        return .success(.audio(id: UInt32(littleEndian: id), samples: samples))
    }
}
