import Foundation

/// Cuts pieces of a recording made by `WAVFileSink` into WAV files of their own: an audit report's
/// audio of each utterance, which every browser plays.
public enum WAVClipCutter {
    /// One piece: its frames in the recording (`WAVFileSink.frames(firstAudio:ended:)`), and the file it goes to.
    public struct Piece: Sendable {
        public var frames: Range<Int>
        public var path: String

        public init(frames: Range<Int>, path: String) {
            self.frames = frames
            self.path = path
        }
    }

    /// Writes every piece that lies at least partly within the recording, clipped to its length; returns
    /// the paths written. The recording must be mono 16-bit PCM with a 44-byte header, as `WAVFileSink` writes it.
    public static func cut(recording path: String, into pieces: [Piece]) throws(AudioError) -> [String] {
        guard let data = FileManager.default.contents(atPath: path), data.count >= Int(WAVFileWriter.headerSize) else {
            throw .fileUnwritable(path: path, detail: "the recording could not be read")
        }
        let bytes = [UInt8](data)
        func read32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        let format = AudioFormat(sampleRate: read32(24))
        let frameCount = (bytes.count - Int(WAVFileWriter.headerSize)) / 2
        var written: [String] = []
        for piece in pieces {
            let first = max(0, piece.frames.lowerBound)
            let end = min(frameCount, piece.frames.upperBound)
            guard end > first else { continue }
            var samples = [Int16](repeating: 0, count: end - first)
            for index in samples.indices {
                let at = Int(WAVFileWriter.headerSize) + (first + index) * 2
                samples[index] = Int16(littleEndian: Int16(bitPattern: UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8))
            }
            var writer = try WAVFileWriter(path: piece.path, format: format)
            try samples.withUnsafeBufferPointer { buffer throws(AudioError) in try writer.append(buffer) }
            try writer.updateHeader()
            writer.close()
            written.append(piece.path)
        }
        return written
    }
}
