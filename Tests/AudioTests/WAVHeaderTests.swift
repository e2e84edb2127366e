import Audio
import Foundation
import Testing

/// A sound is judged from its header alone where a request is answered; the header says what the
/// whole read would, or that only the whole read can tell.
@Suite struct WAVHeaderTests {
    func write(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-header-\(UUID().uuidString).wav").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("The header of a 20 s stereo file at 96 kHz gives its rate, channels, encoding and length, as the whole read does")
    func headerAgreesWithTheWholeRead() throws {
        let fixture = WAVFixture(format: .signed24, channels: 2, sampleRate: 96_000)
        let path = try write(fixture.bytes(data: [UInt8](repeating: 0, count: 20 * 96_000 * 2 * 3)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let header = try #require(try WAVHeader.read(contentsOf: path))
        let whole = try WAVFile(contentsOf: path)
        #expect(header.sampleRate == whole.sampleRate)
        #expect(header.channels == whole.channels)
        #expect(header.encoding == whole.encoding)
        #expect(header.frames == whole.samples.count)
        #expect(header.duration == .seconds(20))
    }

    @Test("A file longer than the longest a sound may be is refused from its header, in the same sentence")
    func tooLongIsRefusedFromTheHeader() throws {
        let fixture = WAVFixture(format: .signed16, channels: 1, sampleRate: 8_000)
        let path = try write(fixture.bytes(data: [UInt8](repeating: 0, count: 31 * 8_000 * 2)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let header = #expect(throws: WAVFileError.self) { try WAVHeader.read(contentsOf: path) }
        let whole = #expect(throws: WAVFileError.self) { try WAVFile(contentsOf: path) }
        #expect(header?.description == whole?.description)
        #expect(header?.description.contains("31") == true)
    }

    @Test("A compressed file is refused from its header")
    func compressedIsRefusedFromTheHeader() throws {
        let fixture = WAVFixture(format: .unsigned8, sampleRate: 8_000, formatCode: 7)
        let path = try write(fixture.bytes(data: [UInt8](repeating: 0xFF, count: 800)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: WAVFileError.self) { try WAVHeader.read(contentsOf: path) }
        #expect(error?.description.contains("µ-law") == true)
    }

    @Test("A header behind chunks longer than the part read is left to the whole read, not refused")
    func headerBeyondThePrefixIsUnknown() throws {
        var fixture = WAVFixture(format: .signed16, sampleRate: 8_000)
        fixture.chunksBeforeFormat = [WAVFixture.chunk("LIST", [UInt8](repeating: 0x20, count: WAVHeader.prefixBytes))]
        let path = try write(fixture.bytes(data: [UInt8](repeating: 0, count: 1_600)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try WAVHeader.read(contentsOf: path) == nil)
        #expect(try WAVFile(contentsOf: path).samples.count == 800)
    }

    @Test("A file cut short inside its header is refused, not left unknown")
    func truncatedFileIsRefused() throws {
        let bytes = WAVFixture(format: .signed16, sampleRate: 8_000).bytes(data: [0, 0])
        let path = try write(Array(bytes.prefix(30)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: WAVFileError.self) { try WAVHeader.read(contentsOf: path) }
    }
}
