import NIOCore

/// One line read from a client, without its line ending, or word that it was too long to keep.
enum LineFrame: Sendable, Equatable {
    case line(ByteBuffer)
    /// A line longer than the limit; its bytes were discarded up to and including its newline.
    case tooLong(limit: Int)
}
