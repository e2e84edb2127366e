#if canImport(Glibc)
import Glibc
import Spawning
#endif

/// Reads a text file that may be at most so many bytes: its size is checked before it is read, and
/// no more than one byte past the limit is ever read, so a huge file costs nothing.
/// (`Audio.WAVFile` reads sound files the same way; AnnouncerVoices does not depend on Audio.)
enum LimitedFileRead {
    /// What reading gave: the text, or the problem that kept it unread.
    enum Outcome {
        case text(String)
        case problem(FileProblem)
    }

    /// The file's text, or one sentence saying why it cannot be read within `limits`.
    static func text(of path: String, limits: YAMLLimits) -> Outcome {
        func failure(_ message: String) -> Outcome { .problem(FileProblem(file: path, line: nil, message: message)) }
        // Not blocking, so that a FIFO put where a profile should be is refused rather than waited on.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return failure(FileReadProblem.sentence(path)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return failure(FileReadProblem.sentence(path)) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return failure(status.st_mode & S_IFMT == S_IFDIR ? FileReadProblem.sentence(path) : "It is not a regular file, so it was not read.")
        }
        let size = Int(status.st_size)
        guard size <= limits.maxBytes else { return failure(limits.tooLarge(bytes: size)) }
        // Up to one byte more than allowed, which tells a file that grew past the limit since fstat.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + 1)
        var chunk = [UInt8](repeating: 0, count: min(64 * 1024, limits.maxBytes + 1))
        while bytes.count <= limits.maxBytes {
            let wanted = min(chunk.count, limits.maxBytes + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { SystemCall.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<wanted])) }
            guard let count else { return failure(FileReadProblem.sentence(path)) }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        guard bytes.count <= limits.maxBytes else { return failure(limits.tooLarge(bytes: nil)) }
        guard let text = String(validating: bytes, as: UTF8.self) else { return failure(FileReadProblem.sentence(path)) }
        return .text(text)
    }
}
