import Glibc
import Spawning

/// A WAV file's sound, read whole into mono samples at the file's own rate, for a `Resampler` to bring to the speech rate.
///
/// It reads PCM integers of 8 (unsigned), 16, 24 and 32 bits and IEEE floats of 32 and 64 bits, plain
/// or as `WAVE_FORMAT_EXTENSIBLE`, with any number of channels, which are averaged to one. It refuses,
/// rather than cuts short, a file larger than `largestFile` or longer than `longestDuration`: a sound
/// that long is no cue, and whoever chose it should learn why it is not heard rather than hear part
/// of it. It is as lenient as the files in the wild need: chunks it does not know are skipped, a data
/// chunk whose size runs past the end of the file (or is 0xFFFFFFFF, as streaming writers leave it)
/// is read as far as the file goes, and the RIFF size is not trusted.
public struct WAVFile: Sendable {
    /// 16 MB: many times any cue, small enough to read whole.
    public static let largestFile = 16 * 1_048_576
    public static let longestDuration: Duration = .seconds(30)
    /// The sample rates a file may have; beyond these the header is more likely wrong than the sound real.
    public static let sampleRates = 1_000...384_000

    /// The file as it was named to the reader.
    public let path: String
    /// Hertz, the file's own.
    public let sampleRate: Int
    /// The file's channels, before they were averaged to one.
    public let channels: Int
    /// How the file stored its samples.
    public let encoding: Encoding
    /// The sound in mono, full scale ±1.
    public let samples: [Float]

    /// How long the sound lasts.
    public var duration: Duration { .microseconds(Int64(samples.count) * 1_000_000 / Int64(sampleRate)) }

    /// How a WAV file stores each sample.
    public enum Encoding: Sendable, Equatable {
        case unsigned8, signed16, signed24, signed32, float32, float64

        var bytes: Int {
            switch self {
            case .unsigned8: 1
            case .signed16: 2
            case .signed24: 3
            case .signed32, .float32: 4
            case .float64: 8
            }
        }
    }

    /// Reads the file at `path`, which must be a regular file of at most `largestFile` bytes.
    public init(contentsOf path: String) throws(WAVFileError) {
        try self.init(bytes: Self.read(path).bytes, path: path)
    }

    /// Reads a WAV file's bytes; `path` names it in errors. Public so tests and fuzzers need no files.
    public init(bytes: [UInt8], path: String) throws(WAVFileError) {
        guard bytes.count <= Self.largestFile else {
            throw WAVFileError(path: path, reason: .tooLarge(bytes: bytes.count, limit: Self.largestFile))
        }
        let layout = try Self.layout(of: bytes, fileSize: bytes.count, path: path)
        self.path = path
        self.sampleRate = layout.header.sampleRate
        self.channels = layout.header.channels
        self.encoding = layout.header.encoding
        self.samples = Self.decodeMono(
            bytes, from: layout.dataStart, frames: layout.header.frames, channels: layout.header.channels,
            encoding: layout.header.encoding
        )
    }

    /// Where a file's samples begin and what they are, from its chunks.
    struct Layout {
        let header: WAVHeader
        let dataStart: Int
    }

    /// Walks the chunks of `bytes`, the first bytes of a file of `fileSize` bytes (all of it, or a
    /// prefix for `WAVHeader`), and checks the format and length the file declares.
    static func layout(of bytes: [UInt8], fileSize: Int, path: String) throws(WAVFileError) -> Layout {
        func failure(_ reason: WAVFileError.Reason) -> WAVFileError { WAVFileError(path: path, reason: reason) }
        guard !bytes.isEmpty else { throw failure(.empty) }
        let reader = ByteReader(bytes: bytes)
        guard bytes.count >= 12 else { throw failure(reader.tag(at: 0) == "RIFF" ? .truncatedHeader : .notRIFFWAVE) }
        guard reader.tag(at: 0) == "RIFF", reader.tag(at: 8) == "WAVE" else { throw failure(.notRIFFWAVE) }

        var format: FormatChunk?
        var data: Range<Int>?
        var cutShort = false
        var position = 12
        while format == nil || data == nil {
            guard position + 8 <= bytes.count else {
                cutShort = position < fileSize
                break
            }
            let id = reader.tag(at: position)
            let size = Int(reader.uint32(at: position + 4))
            let body = position + 8
            if id == "data", data == nil {
                let streaming = size == 0xFFFF_FFFF
                data = body..<(streaming ? fileSize : min(fileSize, body + size))
                if streaming { break }
            } else if id == "fmt ", format == nil {
                guard body + size <= bytes.count else {
                    cutShort = true
                    break
                }
                format = try FormatChunk(reader: reader, at: body, size: size, path: path)
            }
            position = reader.nextChunk(afterBody: body, size: size)
        }
        guard let format else { throw failure(cutShort ? .truncatedHeader : .missingFormat) }
        guard let data else { throw failure(cutShort ? .truncatedHeader : .missingData) }

        let frameBytes = format.channels * format.encoding.bytes
        let frames = data.count / frameBytes
        guard frames > 0 else { throw failure(.noSamples) }
        let seconds = Double(frames) / Double(format.sampleRate)
        guard seconds <= Double(Self.longestDuration.components.seconds) else {
            throw failure(.tooLong(seconds: seconds, limit: Self.longestDuration))
        }
        let header = WAVHeader(sampleRate: format.sampleRate, channels: format.channels, encoding: format.encoding, frames: frames)
        return Layout(header: header, dataStart: data.lowerBound)
    }

    /// The bytes of the regular file at `path`, at most `prefix` of them, and the file's size.
    static func read(_ path: String, prefix: Int? = nil) throws(WAVFileError) -> (bytes: [UInt8], fileSize: Int) {
        func failure(_ reason: WAVFileError.Reason) -> WAVFileError { WAVFileError(path: path, reason: reason) }
        func systemError() -> WAVFileError { failure(.unopenable(String(cString: strerror(errno)).lowercased())) }
        // Not blocking, so that a FIFO put where a sound should be is refused rather than waited on.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw systemError() }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw systemError() }
        guard status.st_mode & S_IFMT == S_IFREG else { throw failure(.notRegularFile) }
        let fileSize = Int(status.st_size)
        guard fileSize <= largestFile else { throw failure(.tooLarge(bytes: fileSize, limit: largestFile)) }
        let size = min(fileSize, prefix ?? fileSize)
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let count = bytes.withUnsafeMutableBytes { buffer in
                SystemCall.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<size]))
            }
            guard let count else { throw systemError() }
            if count == 0 { break }
            filled += count
        }
        // A file that shrank while it was read is taken as far as it went.
        bytes.removeSubrange(filled...)
        return (bytes, filled < size ? filled : fileSize)
    }

    private static func decodeMono(_ bytes: [UInt8], from start: Int, frames: Int, channels: Int, encoding: Encoding) -> [Float] {
        switch encoding {
        case .unsigned8: mixDown(bytes, from: start, frames: frames, channels: channels, bytesPerSample: 1) { raw, at in
                (Float(raw[at]) - 128) / 128
            }
        case .signed16: mixDown(bytes, from: start, frames: frames, channels: channels, bytesPerSample: 2) { raw, at in
                Float(Int16(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: Int16.self))) / 32_768
            }
        case .signed24: mixDown(bytes, from: start, frames: frames, channels: channels, bytesPerSample: 3) { raw, at in
                let unsigned = UInt32(raw[at]) << 8 | UInt32(raw[at + 1]) << 16 | UInt32(raw[at + 2]) << 24
                return Float(Int32(bitPattern: unsigned) >> 8) / 8_388_608
            }
        case .signed32: mixDown(bytes, from: start, frames: frames, channels: channels, bytesPerSample: 4) { raw, at in
                Float(Int32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: Int32.self))) / 2_147_483_648
            }
        case .float32: mixDown(bytes, from: start, frames: frames, channels: channels, bytesPerSample: 4) { raw, at in
                let value = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
                return value.isFinite ? value : 0
            }
        case .float64: mixDown(bytes, from: start, frames: frames, channels: channels, bytesPerSample: 8) { raw, at in
                let value = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
                return value.isFinite ? Float(value) : 0
            }
        }
    }

    private static func mixDown(
        _ bytes: [UInt8], from start: Int, frames: Int, channels: Int, bytesPerSample: Int,
        sample: (UnsafeRawBufferPointer, Int) -> Float
    ) -> [Float] {
        let share = 1 / Float(channels)
        return bytes.withUnsafeBytes { raw in
            [Float](unsafeUninitializedCapacity: frames) { mono, initialized in
                var offset = start
                for frame in 0..<frames {
                    var sum: Float = 0
                    for _ in 0..<channels {
                        sum += sample(raw, offset)
                        offset += bytesPerSample
                    }
                    mono[frame] = channels == 1 ? sum : sum * share
                }
                initialized = frames
            }
        }
    }
}

/// The `fmt ` chunk, as far as decoding needs it.
struct FormatChunk {
    let channels: Int
    let sampleRate: Int
    let encoding: WAVFile.Encoding

    static let pcm: UInt16 = 1
    static let float: UInt16 = 3
    static let extensible: UInt16 = 0xFFFE
    /// The 14 bytes every `KSDATAFORMAT_SUBTYPE_*` GUID for a classic format code ends with.
    static let subformatTail: [UInt8] = [0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xAA, 0, 0x38, 0x9B, 0x71]
    static let compressions: [UInt16: String] = [
        0x0002: "Microsoft ADPCM", 0x0006: "A-law", 0x0007: "µ-law", 0x0011: "IMA ADPCM",
        0x0031: "GSM 6.10", 0x0040: "G.721 ADPCM", 0x0050: "MPEG audio", 0x0055: "MP3",
    ]

    init(reader: ByteReader, at body: Int, size: Int, path: String) throws(WAVFileError) {
        func failure(_ reason: WAVFileError.Reason) -> WAVFileError { WAVFileError(path: path, reason: reason) }
        guard size >= 16 else { throw failure(.malformedFormat) }
        var code = reader.uint16(at: body)
        let channels = Int(reader.uint16(at: body + 2))
        let sampleRate = Int(reader.uint32(at: body + 4))
        let bits = Int(reader.uint16(at: body + 14))
        if code == Self.extensible {
            guard size >= 40 else { throw failure(.malformedFormat) }
            let guid = body + 24
            guard reader.bytes[(guid + 2)..<(guid + 16)].elementsEqual(Self.subformatTail) else { throw failure(.unknownSubformat) }
            code = reader.uint16(at: guid)
        }
        if let compression = Self.compressions[code] { throw failure(.compressed(compression)) }
        guard code == Self.pcm || code == Self.float else { throw failure(.unknownEncoding(code)) }
        guard channels > 0 else { throw failure(.noChannels) }
        guard WAVFile.sampleRates.contains(sampleRate) else { throw failure(.unsupportedSampleRate(sampleRate)) }
        // Integer samples narrower than their container (12 bits in 16) are stored in its high bits,
        // so they decode as the container's width.
        let encoding: WAVFile.Encoding? = switch (code, bits) {
        case (Self.pcm, 1...8): .unsigned8
        case (Self.pcm, 9...16): .signed16
        case (Self.pcm, 17...24): .signed24
        case (Self.pcm, 25...32): .signed32
        case (Self.float, 32): .float32
        case (Self.float, 64): .float64
        default: nil
        }
        guard let encoding else { throw failure(.unsupportedSampleSize(bits: bits, float: code == Self.float)) }
        self.channels = channels
        self.sampleRate = sampleRate
        self.encoding = encoding
    }
}

/// Little-endian fields and chunk tags at byte offsets the caller has checked.
struct ByteReader {
    let bytes: [UInt8]

    func uint16(at offset: Int) -> UInt16 { UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8 }

    func uint32(at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }

    func tag(at offset: Int) -> String { String(decoding: bytes[offset..<(offset + 4)], as: Unicode.ASCII.self) }

    /// Where the chunk after this one starts. RIFF pads an odd-sized chunk with one byte, but some
    /// writers leave the pad out; when the next tag is plainly there without it, the pad is not assumed.
    func nextChunk(afterBody body: Int, size: Int) -> Int {
        let end = body + size
        guard size % 2 == 1 else { return end }
        if looksLikeTag(at: end), !looksLikeTag(at: end + 1) { return end }
        return end + 1
    }

    private func looksLikeTag(at offset: Int) -> Bool {
        guard offset >= 0, offset + 4 <= bytes.count else { return false }
        return bytes[offset..<(offset + 4)].allSatisfy { (0x20...0x7E).contains($0) }
    }
}
