import Glibc

/// Worker frames over a pair of file descriptors: whole frames written, whole frames read, with a time limit.
struct FrameChannel {
    let input: Int32
    let output: Int32

    /// Why reading stopped without a frame.
    enum ReadFailure: Error, Equatable {
        /// Nothing came within the time limit.
        case timedOut
        /// The other side closed its end: it exited or died.
        case closed
        /// Bytes came that are not a frame.
        case corrupt
    }

    /// Writes the whole frame; false when the other side is gone.
    @discardableResult
    func write(_ frame: WorkerFrame) -> Bool {
        let bytes = frame.encoded
        return bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(output, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// The next frame; waits at most `timeout` for it to begin, and as long as it takes to arrive whole.
    func read(timeout: Duration?) -> Result<WorkerFrame, ReadFailure> {
        if let timeout {
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000)
            while true {
                let ready = poll(&descriptor, 1, milliseconds)
                if ready < 0, errno == EINTR { continue }
                if ready == 0 { return .failure(.timedOut) }
                break
            }
        }
        guard let header = readExactly(5) else { return .failure(.closed) }
        let length = Int(header[1]) | Int(header[2]) << 8 | Int(header[3]) << 16 | Int(header[4]) << 24
        guard length <= WorkerFrame.maxPayload else { return .failure(.corrupt) }
        guard let payload = readExactly(length) else { return .failure(.closed) }
        guard let frame = WorkerFrame(type: header[0], payload: payload) else { return .failure(.corrupt) }
        return .success(frame)
    }

    private func readExactly(_ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress! + offset, count - offset) }
            if got < 0, errno == EINTR { continue }
            if got <= 0 { return nil }
            offset += got
        }
        return bytes
    }
}
