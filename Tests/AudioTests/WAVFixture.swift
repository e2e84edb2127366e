import Foundation
import Testing

/// WAV files' bytes made to order for the reader's tests: any sample format, plain or extensible,
/// with chunks the reader must skip and headers it must refuse.
struct WAVFixture {
    enum SampleFormat: String, CaseIterable, CustomTestStringConvertible {
        case unsigned8, signed16, signed24, signed32, float32, float64

        var bits: Int {
            switch self {
            case .unsigned8: 8
            case .signed16: 16
            case .signed24: 24
            case .signed32, .float32: 32
            case .float64: 64
            }
        }

        var formatCode: UInt16 { self == .float32 || self == .float64 ? 3 : 1 }

        /// The largest error decoding may make, as a share of full scale: a step between two stored
        /// values, or the precision of the `Float` it decodes into, whichever is coarser.
        var quantum: Double { self == .float32 || self == .float64 ? 1e-7 : max(1 / Double(1 << (bits - 1)), 6e-8) }

        var testDescription: String { rawValue }

        func encode(_ value: Double) -> [UInt8] {
            switch self {
            case .unsigned8: return [UInt8(clamping: Int((value * 128).rounded()) + 128)]
            case .signed16: return littleEndian(UInt16(bitPattern: Int16(clamping: Int((value * 32_768).rounded()))))
            case .signed24:
                let sample = UInt32(bitPattern: Int32(clamping: Int((value * 8_388_608).rounded())))
                return [UInt8(sample & 0xFF), UInt8(sample >> 8 & 0xFF), UInt8(sample >> 16 & 0xFF)]
            case .signed32: return littleEndian(UInt32(bitPattern: Int32(clamping: Int((value * 2_147_483_648).rounded()))))
            case .float32: return littleEndian(Float(value).bitPattern)
            case .float64: return littleEndian(value.bitPattern)
            }
        }
    }

    var format: SampleFormat = .signed16
    var channels = 1
    var sampleRate = 8_000
    var extensible = false
    /// Overrides the format code (or, when extensible, the subformat's), for compressed files.
    var formatCode: UInt16?
    var bitsField: Int?
    var chunksBeforeFormat: [[UInt8]] = []
    var chunksBeforeData: [[UInt8]] = []
    /// Overrides the data chunk's size field.
    var dataSizeField: UInt32?

    /// The file holding `frames`, each one value per channel.
    func bytes(frames: [[Double]]) -> [UInt8] {
        let samples = frames.flatMap { frame in frame.flatMap(format.encode) }
        return bytes(data: samples)
    }

    /// The file holding `channelValues`, the same sound in every channel.
    func bytes(mono: [Double]) -> [UInt8] { bytes(frames: mono.map { Array(repeating: $0, count: channels) }) }

    func bytes(data: [UInt8]) -> [UInt8] {
        let code = formatCode ?? format.formatCode
        let bits = bitsField ?? format.bits
        let blockAlign = channels * (bits + 7) / 8
        var fmt = littleEndian(extensible ? 0xFFFE : code) + littleEndian(UInt16(channels)) + littleEndian(UInt32(sampleRate))
        fmt += littleEndian(UInt32(sampleRate * blockAlign)) + littleEndian(UInt16(blockAlign)) + littleEndian(UInt16(bits))
        if extensible {
            fmt += littleEndian(UInt16(22)) + littleEndian(UInt16(bits)) + littleEndian(UInt32(0))
            fmt += littleEndian(code) + [0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xAA, 0, 0x38, 0x9B, 0x71]
        }
        var body = Array("WAVE".utf8)
        for chunk in chunksBeforeFormat { body += chunk }
        body += Self.chunk("fmt ", fmt)
        for chunk in chunksBeforeData { body += chunk }
        body += Array("data".utf8) + littleEndian(dataSizeField ?? UInt32(data.count)) + data
        return Array("RIFF".utf8) + littleEndian(UInt32(body.count)) + body
    }

    /// A chunk, padded to an even length as RIFF asks unless `padded` is false.
    static func chunk(_ id: String, _ body: [UInt8], padded: Bool = true) -> [UInt8] {
        Array(id.utf8) + littleEndian(UInt32(body.count)) + body + (padded && body.count % 2 == 1 ? [0] : [])
    }

    /// `seconds` of a sine at `frequency` and `amplitude` (of full scale).
    static func sine(frequency: Double = 440, seconds: Double, sampleRate: Int, amplitude: Double = 0.5) -> [Double] {
        (0..<Int((seconds * Double(sampleRate)).rounded())).map { amplitude * sin(2 * .pi * frequency * Double($0) / Double(sampleRate)) }
    }
}

func littleEndian<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian) { Array($0) }
}

/// Upward zero crossings per second: the frequency of a clean tone.
func frequencyByZeroCrossings(_ samples: [Int16], sampleRate: Int) -> Double {
    let crossings = zip(samples, samples.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count
    return Double(crossings) * Double(sampleRate) / Double(samples.count)
}
