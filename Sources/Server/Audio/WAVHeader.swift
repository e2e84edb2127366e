/// What a WAV file holds, read from its first bytes alone: enough to refuse a sound that cannot be
/// played, where a request is answered, without reading and decoding the whole file.
///
/// It applies every check `WAVFile` does but the samples' own: the format, the rate, the size and the
/// length. A file whose chunks before the samples run past `prefixBytes` is told apart (`nil`), so
/// that the caller leaves the judgement to the full read.
public struct WAVHeader: Sendable, Equatable {
    /// How much of a file is read for its header: far more than any header, however many chunks precede the data.
    public static let prefixBytes = 64 * 1024

    public let sampleRate: Int
    public let channels: Int
    public let encoding: WAVFile.Encoding
    /// Samples per channel.
    public let frames: Int

    /// How long the sound lasts.
    public var duration: Duration { .microseconds(Int64(frames) * 1_000_000 / Int64(sampleRate)) }

    /// The header of the file at `path`; nil when its header lies beyond the first `prefixBytes`.
    public static func read(contentsOf path: String) throws(WAVFileError) -> WAVHeader? {
        let (bytes, fileSize) = try WAVFile.read(path, prefix: prefixBytes)
        do {
            return try WAVFile.layout(of: bytes, fileSize: fileSize, path: path).header
        } catch {
            // Cut short by the prefix, not by the file: only the whole file can tell.
            if case .truncatedHeader = error.reason, bytes.count < fileSize { return nil }
            throw error
        }
    }
}
