/// Cuts bytes read in chunks of any size into lines, each without its line ending (LF or CRLF), and
/// says which were not valid UTF-8, so a reader of standard input can warn once instead of guessing.
public struct LineAssembler: Sendable {
    /// One line of input, decoded.
    public struct Line: Sendable, Equatable {
        /// The text; bytes that were not UTF-8 are left out, so no replacement character is spoken.
        public var text: String
        /// True when some of its bytes were not valid UTF-8.
        public var hadInvalidUTF8: Bool

        public init(text: String, hadInvalidUTF8: Bool = false) {
            self.text = text
            self.hadInvalidUTF8 = hadInvalidUTF8
        }
    }

    private var partial: [UInt8] = []

    public init() {}

    /// The lines these bytes complete; what follows the last line ending waits for more.
    public mutating func lines<Bytes: BidirectionalCollection<UInt8>>(in bytes: Bytes) -> [Line] {
        var lines: [Line] = []
        var start = bytes.startIndex
        // Line by line rather than byte by byte: a build's output can be megabytes.
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            if partial.isEmpty {
                lines.append(Self.decode(bytes[start..<newline]))
            } else {
                partial.append(contentsOf: bytes[start..<newline])
                lines.append(Self.decode(partial[...]))
                partial.removeAll(keepingCapacity: true)
            }
            start = bytes.index(after: newline)
        }
        partial.append(contentsOf: bytes[start...])
        return lines
    }

    /// The last line when the input ended without a line ending, else nil.
    public mutating func finish() -> Line? {
        guard !partial.isEmpty else { return nil }
        defer { partial.removeAll() }
        return Self.decode(partial[...])
    }

    private static func decode<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Line {
        let body = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes[...]
        if let text = String(validating: body, as: UTF8.self) { return Line(text: text) }
        let repaired = String(decoding: body, as: UTF8.self).filter { $0 != "\u{FFFD}" }
        return Line(text: repaired, hadInvalidUTF8: true)
    }
}
