/// A word list held as one block of bytes with the words in byte order, so that 59,000 words cost
/// under a megabyte and a look-up is a binary search, with no string made per word.
public struct SortedWordList: Sendable {
    private let bytes: [UInt8]
    /// Where each word begins in `bytes`; it ends at the next newline.
    private let starts: [Int32]

    /// Reads the bytes of a list of one word per line. A list sorted by byte, as
    /// `Voices/switching/make` writes it, is taken in one pass, so reading the shipped list costs
    /// about a millisecond at start; one out of order is sorted here. Empty lines are skipped.
    public init(bytes: [UInt8]) {
        // The shipped list: sorted, one word per line, a newline after each. Taken as it is.
        var starts: [Int32] = []
        starts.reserveCapacity(bytes.count / 8)
        var start = 0
        var inOrder = bytes.last == UInt8(ascii: "\n")
        bytes.withUnsafeBufferPointer { buffer in
            var previous: Range<Int>?
            for index in buffer.indices where buffer[index] == UInt8(ascii: "\n") {
                let word = start..<index
                if word.isEmpty || (previous.map { !buffer[$0].lexicographicallyPrecedes(buffer[word]) } ?? false) {
                    inOrder = false
                    break
                }
                starts.append(Int32(start))
                previous = word
                start = index + 1
            }
        }
        if inOrder {
            self.bytes = bytes
            self.starts = starts
            return
        }
        var words = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        words.sort { $0.lexicographicallyPrecedes($1) }
        var kept: [UInt8] = []
        starts = []
        kept.reserveCapacity(bytes.count + 1)
        for word in words {
            starts.append(Int32(kept.count))
            kept += word
            kept.append(UInt8(ascii: "\n"))
        }
        self.bytes = kept
        self.starts = starts
    }

    /// How many words the list holds.
    public var count: Int { starts.count }

    /// True when `word`, in lower case, is in the list.
    public func contains(_ word: String) -> Bool {
        var word = word
        return word.withUTF8 { contains(utf8: $0) }
    }

    private func contains(utf8 word: UnsafeBufferPointer<UInt8>) -> Bool {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            switch compare(at: Int(starts[middle]), with: word) {
            case 0: return true
            case ..<0: low = middle + 1
            default: high = middle
            }
        }
        return false
    }

    /// The order of the word at `start` against `word`: below 0 when it comes first, 0 when equal.
    private func compare(at start: Int, with word: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        while true {
            let listed = bytes[start + index]
            let ended = listed == UInt8(ascii: "\n")
            if index == word.count { return ended ? 0 : 1 }
            if ended { return -1 }
            if listed != word[index] { return listed < word[index] ? -1 : 1 }
            index += 1
        }
    }
}
