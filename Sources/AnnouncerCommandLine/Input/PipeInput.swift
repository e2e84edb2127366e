import Glibc

/// Reads standard input to its end in raw chunks and, with `tee`, writes each chunk to standard output
/// at once and unchanged, before anything is done with its lines: whatever happens to speech, what a
/// program pipes through `announce pipe --tee` comes out whole, and the program is never cut off.
public struct PipeInput {
    public let tee: Bool
    /// Told once, the first time a line is not valid UTF-8, with that line's number.
    public let warnInvalidUTF8: (Int) -> Void

    public init(tee: Bool, warnInvalidUTF8: @escaping (Int) -> Void) {
        self.tee = tee
        self.warnInvalidUTF8 = warnInvalidUTF8
    }

    /// Reads until standard input ends, handing `line` each line with its number (from 1).
    public func read(_ line: (Int, LineAssembler.Line) -> Void) {
        var assembler = LineAssembler()
        var number = 0
        var warned = false
        var passing = tee
        // A reader of standard output that goes away makes a write fail with EPIPE, not end announce.
        if tee { signal(SIGPIPE, SIG_IGN) }
        func hand(_ decoded: LineAssembler.Line) {
            number += 1
            if decoded.hadInvalidUTF8 && !warned {
                warned = true
                warnInvalidUTF8(number)
            }
            line(number, decoded)
        }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            let chunk = buffer[..<count]
            // A reader of standard output that has gone (`| head`) stops the copy, not the reading:
            // the producer upstream must still be read to its end, or it would die of SIGPIPE.
            if passing { passing = Self.writeAll(chunk) }
            for decoded in assembler.lines(in: chunk) { hand(decoded) }
        }
        if let last = assembler.finish() { hand(last) }
    }

    /// Writes all of `bytes` to standard output; false once it cannot be written any more.
    private static func writeAll(_ bytes: ArraySlice<UInt8>) -> Bool {
        var rest = bytes
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            rest = rest.dropFirst(written)
        }
        return true
    }
}
