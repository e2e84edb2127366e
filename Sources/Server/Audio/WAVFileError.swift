/// A file that could not be read as a WAV sound: the file, and why, in one sentence.
public struct WAVFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as it was named to the reader.
    public let path: String
    public let reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "The file \"\(path)\" is not a WAV file announcer can read: \(reason.clause)." }

    /// What was wrong with the file, as a clause that completes "… is not a WAV file announcer can read: …".
    public enum Reason: Sendable, Equatable {
        /// The file could not be opened or read; the system's words for why.
        case unopenable(String)
        case notRegularFile
        case tooLarge(bytes: Int, limit: Int)
        case empty
        case notRIFFWAVE
        case truncatedHeader
        case missingFormat
        case malformedFormat
        case missingData
        /// Compressed samples, by the name of the compression ("µ-law").
        case compressed(String)
        /// A format code announcer does not know.
        case unknownEncoding(UInt16)
        /// A `WAVE_FORMAT_EXTENSIBLE` file whose subformat is not PCM or IEEE float.
        case unknownSubformat
        case unsupportedSampleSize(bits: Int, float: Bool)
        case noChannels
        case unsupportedSampleRate(Int)
        case noSamples
        case tooLong(seconds: Double, limit: Duration)

        public var clause: String {
            switch self {
            case let .unopenable(detail): "it could not be opened (\(detail))"
            case .notRegularFile: "it is not a regular file"
            case let .tooLarge(bytes, limit):
                "it is \(Self.megabytes(bytes)) MB, larger than the \(Self.megabytes(limit)) MB a sound may be"
            case .empty: "it is empty"
            case .notRIFFWAVE: "it does not begin with a RIFF/WAVE header"
            case .truncatedHeader: "it ends inside its header"
            case .missingFormat: "it has no fmt chunk to say how its samples are stored"
            case .malformedFormat: "its fmt chunk is too short to describe its samples"
            case .missingData: "it has no data chunk"
            case let .compressed(compression): "it is compressed with \(compression)"
            case let .unknownEncoding(code):
                "its samples are stored in format 0x\(Self.hex(code)), which announcer does not decode"
            case .unknownSubformat: "its samples are stored in an extensible subformat that is neither PCM nor IEEE float"
            case let .unsupportedSampleSize(bits, float):
                "its samples are \(bits)-bit \(float ? "floats" : "integers"); announcer reads 8-, 16-, 24- and 32-bit integers and 32- and 64-bit floats"
            case .noChannels: "its header says it has no channels"
            case let .unsupportedSampleRate(rate):
                "its sample rate, \(rate) Hz, is outside the \(WAVFile.sampleRates.lowerBound) to \(WAVFile.sampleRates.upperBound) Hz announcer plays"
            case .noSamples: "it holds no samples"
            case let .tooLong(seconds, limit):
                "it lasts \(Self.oneDecimal(seconds)) seconds, longer than the \(limit.components.seconds) seconds a sound may last"
            }
        }

        private static func megabytes(_ bytes: Int) -> String { oneDecimal(Double(bytes) / 1_048_576) }

        private static func oneDecimal(_ value: Double) -> String {
            let tenths = Int((value * 10).rounded())
            return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
        }

        private static func hex(_ code: UInt16) -> String {
            let digits = String(code, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
    }
}
