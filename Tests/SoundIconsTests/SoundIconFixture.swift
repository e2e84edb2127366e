import Foundation
import Testing

/// A folder of sound icons made for one test, removed when it ends.
final class SoundFolder {
    let path: String

    init(_ label: String = "sounds") throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-icons-\(getpid())-\(UUID().uuidString)-\(label)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes a mono 16-bit WAV of a `frequency` tone lasting `seconds`, and returns its path.
    @discardableResult
    func addTone(_ file: String, frequency: Double = 440, seconds: Double = 0.1, sampleRate: Int = 16_000) throws -> String {
        let samples = (0..<Int(seconds * Double(sampleRate))).map { Int16(8_000 * sin(2 * .pi * frequency * Double($0) / Double(sampleRate))) }
        return try add(file, bytes: Self.wav(sampleRate: sampleRate, formatCode: 1, bits: 16, data: samples.flatMap(Self.littleEndian)))
    }

    /// Writes a µ-law WAV, which announcer does not read.
    @discardableResult
    func addMuLaw(_ file: String) throws -> String {
        try add(file, bytes: Self.wav(sampleRate: 8_000, formatCode: 7, bits: 8, data: Array(repeating: 0xFF, count: 800)))
    }

    @discardableResult
    func add(_ file: String, bytes: [UInt8]) throws -> String {
        let path = "\(path)/\(file)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func link(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: "\(path)/\(name)", withDestinationPath: target)
    }

    static func wav(sampleRate: Int, formatCode: UInt16, bits: Int, data: [UInt8]) -> [UInt8] {
        let blockAlign = bits / 8
        let fmt = littleEndian(formatCode) + littleEndian(UInt16(1)) + littleEndian(UInt32(sampleRate))
            + littleEndian(UInt32(sampleRate * blockAlign)) + littleEndian(UInt16(blockAlign)) + littleEndian(UInt16(bits))
        let body = Array("WAVEfmt ".utf8) + littleEndian(UInt32(fmt.count)) + fmt + Array("data".utf8) + littleEndian(UInt32(data.count)) + data
        return Array("RIFF".utf8) + littleEndian(UInt32(body.count)) + body
    }

    static func littleEndian<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }
}

/// Upward zero crossings per second: the frequency of a clean tone.
func frequencyByZeroCrossings(_ samples: [Int16], sampleRate: Int) -> Double {
    let crossings = zip(samples, samples.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count
    return Double(crossings) * Double(sampleRate) / Double(samples.count)
}
