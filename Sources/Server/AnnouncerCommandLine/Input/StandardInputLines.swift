import Glibc
import Spawning

/// Reads standard input to its end in raw chunks, as lines, and warns once on standard error when a
/// line is not valid UTF-8. With `tee`, each chunk is written to standard output at once and
/// unchanged, before anything is done with its lines: whatever happens to speech, what a program
/// pipes through `announce pipe --tee` comes out whole, and the program is never cut off. Standard
/// input and output are the command's (`StandardInput.descriptor`, `PlainOutput.destination`) as
/// they were when it was made.
public final class StandardInputLines {
    public let tee: Bool
    private let input = StandardInput.descriptor
    private let output = PlainOutput.destination
    private var assembler = LineAssembler()
    private var ready: [LineAssembler.Line] = []
    private var number = 0
    private var warned = false
    private var passing: Bool
    private var ended = false
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    public init(tee: Bool = false) {
        self.tee = tee
        passing = tee
        // A reader of standard output that goes away makes a write fail with EPIPE, not end announce.
        // A command run inside a test leaves the test process's signals alone.
        if tee && TerminationSignals.ownedByCommand { signal(SIGPIPE, SIG_IGN) }
    }

    /// The one warning for input that is not UTF-8.
    public static func invalidUTF8Warning(line: Int) -> String {
        "Line \(line) of the input is not valid UTF-8; the bytes that are not were left out."
    }

    /// The next line and its number (from 1), waiting for it; nil once standard input has ended.
    public func next() -> (number: Int, line: LineAssembler.Line)? {
        while ready.isEmpty && !ended { readChunk() }
        guard !ready.isEmpty else { return nil }
        let line = ready.removeFirst()
        number += 1
        if line.hadInvalidUTF8 && !warned {
            warned = true
            PlainOutput.$destination.withValue(output) { PlainOutput.error(Self.invalidUTF8Warning(line: number)) }
        }
        return (number, line)
    }

    /// Reads until standard input ends, handing `line` each line with its number.
    public func read(_ line: (Int, LineAssembler.Line) -> Void) {
        while let (number, text) = next() { line(number, text) }
    }

    private func readChunk() {
        let count = buffer.withUnsafeMutableBytes { SystemCall.read(input, into: $0) } ?? 0
        guard count > 0 else {
            ended = true
            if let last = assembler.finish() { ready.append(last) }
            return
        }
        let chunk = buffer[..<count]
        // A reader of standard output that has gone (`| head`) stops the copy, not the reading:
        // the producer upstream must still be read to its end, or it would die of SIGPIPE.
        if passing { passing = chunk.withUnsafeBytes { output.passOn($0) } }
        ready += assembler.lines(in: chunk)
    }
}
