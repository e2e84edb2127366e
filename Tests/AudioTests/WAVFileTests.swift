import Audio
import Foundation
import Testing

/// The WAV reader takes the files sound icons come in, and refuses the rest in one sentence naming the file.
@Suite struct WAVFileTests {
    static let plainAndExtensible = WAVFixture.SampleFormat.allCases.flatMap { format in [(format, false), (format, true)] }

    @Test("Every supported sample format, plain or extensible, decodes to the tone it holds", arguments: plainAndExtensible)
    func everySupportedFormatDecodesToItsTone(format: WAVFixture.SampleFormat, extensible: Bool) throws {
        let tone = WAVFixture.sine(seconds: 0.1, sampleRate: 11_025)
        let fixture = WAVFixture(format: format, sampleRate: 11_025, extensible: extensible)
        let wav = try WAVFile(bytes: fixture.bytes(mono: tone), path: "tone.wav")
        #expect(wav.sampleRate == 11_025)
        #expect(wav.channels == 1)
        #expect(wav.samples.count == tone.count)
        let worst = zip(wav.samples, tone).map { abs(Double($0) - $1) }.max() ?? 0
        #expect(worst <= format.quantum, "worst error \(worst)")
    }

    @Test("Integer samples narrower than their container, 12 bits in 16, decode as the container")
    func narrowSamplesDecodeAsTheirContainer() throws {
        let fixture = WAVFixture(format: .signed16, bitsField: 12)
        let wav = try WAVFile(bytes: fixture.bytes(data: littleEndian(Int16(0x4000)) + littleEndian(Int16(-0x4000))), path: "narrow.wav")
        #expect(wav.encoding == .signed16)
        #expect(wav.samples == [0.5, -0.5])
    }

    @Test("Channels are averaged to one", arguments: [2, 6])
    func channelsAreAveragedToMono(channels: Int) throws {
        let frame = (0..<channels).map { Double($0) / Double(channels) }
        let fixture = WAVFixture(format: .float32, channels: channels)
        let wav = try WAVFile(bytes: fixture.bytes(frames: Array(repeating: frame, count: 10)), path: "many.wav")
        #expect(wav.channels == channels)
        #expect(wav.samples.count == 10)
        let mean = frame.reduce(0, +) / Double(channels)
        #expect(wav.samples.allSatisfy { abs(Double($0) - mean) < 1e-6 })
    }

    @Test("Chunks it does not know, before and after fmt, odd-sized and padded, are skipped")
    func unknownChunksAreSkipped() throws {
        var fixture = WAVFixture()
        fixture.chunksBeforeFormat = [WAVFixture.chunk("LIST", Array("INFOISFT\u{5}\0\0\0Lavf\0".utf8))]
        fixture.chunksBeforeData = [WAVFixture.chunk("fact", littleEndian(UInt32(3))), WAVFixture.chunk("junk", [1, 2, 3])]
        let wav = try WAVFile(bytes: fixture.bytes(mono: [0.25, -0.25, 0.5]), path: "chunky.wav")
        #expect(wav.samples == [0.25, -0.25, 0.5])
    }

    @Test("An odd-sized chunk whose writer left out the pad byte is still read past")
    func oddChunkWithoutPadIsReadPast() throws {
        var fixture = WAVFixture()
        fixture.chunksBeforeData = [WAVFixture.chunk("note", [0x41, 0x42, 0x43], padded: false)]
        let wav = try WAVFile(bytes: fixture.bytes(mono: [0.25, -0.25]), path: "unpadded.wav")
        #expect(wav.samples == [0.25, -0.25])
    }

    @Test("A data chunk whose size runs past the file is read as far as the file goes, in whole frames")
    func overlongDataIsReadAsFarAsTheFileGoes() throws {
        let fixture = WAVFixture(channels: 2, dataSizeField: 1_000_000)
        // Ten frames and half of one more.
        let bytes = fixture.bytes(mono: Array(repeating: 0.5, count: 10)) + littleEndian(Int16(100))
        let wav = try WAVFile(bytes: bytes, path: "cut.wav")
        #expect(wav.samples.count == 10)
    }

    @Test("A data size of 0xFFFFFFFF, as streaming writers leave it, means up to the end of the file")
    func streamingDataSizeMeansToTheEnd() throws {
        let fixture = WAVFixture(dataSizeField: 0xFFFF_FFFF)
        let wav = try WAVFile(bytes: fixture.bytes(mono: Array(repeating: 0.25, count: 7)), path: "stream.wav")
        #expect(wav.samples.count == 7)
    }

    @Test("A file on disk is read, and its path is kept")
    func fileOnDiskIsRead() throws {
        let path = temporaryPath("disk.wav")
        try Data(WAVFixture(sampleRate: 16_000).bytes(mono: [0.5, 0.25])).write(to: URL(fileURLWithPath: path))
        let wav = try WAVFile(contentsOf: path)
        #expect(wav.path == path)
        #expect(wav.sampleRate == 16_000)
        #expect(wav.samples == [0.5, 0.25])
        #expect(wav.duration == .microseconds(125))
    }

    @Test("A µ-law file is refused in one sentence that names the file and the compression")
    func muLawIsRefusedNamingTheFile() {
        let bytes = WAVFixture(format: .unsigned8, formatCode: 7).bytes(data: [0xFF, 0x7F])
        #expect(throws: WAVFileError(path: "/sounds/bell.wav", reason: .compressed("µ-law"))) {
            try WAVFile(bytes: bytes, path: "/sounds/bell.wav")
        }
        let sentence = String(describing: WAVFileError(path: "/sounds/bell.wav", reason: .compressed("µ-law")))
        #expect(sentence == "The file \"/sounds/bell.wav\" is not a WAV file announcer can read: it is compressed with µ-law.")
    }

    static let refusals: [(String, [UInt8], WAVFileError.Reason)] = {
        let tone = WAVFixture.sine(seconds: 0.01, sampleRate: 8_000)
        let good = WAVFixture().bytes(mono: tone)
        let fmt = WAVFixture.chunk("fmt ", Array(good[20..<36]))
        let data = WAVFixture.chunk("data", [0, 0, 0, 0])
        func riff(_ chunks: [UInt8]...) -> [UInt8] {
            let body = Array("WAVE".utf8) + chunks.flatMap { $0 }
            return Array("RIFF".utf8) + littleEndian(UInt32(body.count)) + body
        }
        return [
            ("empty", [], .empty),
            ("Ogg", Array("OggS".utf8) + Array(repeating: 0, count: 60), .notRIFFWAVE),
            ("RIFF but not WAVE", Array("RIFF\u{4}\0\0\0AVI ".utf8) + data, .notRIFFWAVE),
            ("cut inside RIFF", Array("RIFF\u{4}\0".utf8), .truncatedHeader),
            ("cut inside fmt", Array(good[0..<30]), .truncatedHeader),
            ("cut inside the data header", Array(good[0..<40]), .truncatedHeader),
            ("no fmt", riff(data), .missingFormat),
            ("no data", riff(fmt), .missingData),
            ("short fmt", riff(WAVFixture.chunk("fmt ", [1, 0, 1, 0]), data), .malformedFormat),
            ("A-law", WAVFixture(formatCode: 6).bytes(data: [1, 2]), .compressed("A-law")),
            ("IMA ADPCM", WAVFixture(formatCode: 0x11).bytes(data: [1, 2]), .compressed("IMA ADPCM")),
            ("extensible µ-law", WAVFixture(extensible: true, formatCode: 7).bytes(data: [1, 2]), .compressed("µ-law")),
            ("unknown code", WAVFixture(formatCode: 0x1234).bytes(data: [1, 2]), .unknownEncoding(0x1234)),
            ("no channels", WAVFixture(channels: 0).bytes(data: [1, 2]), .noChannels),
            ("rate 0", WAVFixture(sampleRate: 0).bytes(data: [1, 2]), .unsupportedSampleRate(0)),
            ("48-bit integers", WAVFixture(bitsField: 48).bytes(data: [1, 2]), .unsupportedSampleSize(bits: 48, float: false)),
            ("16-bit floats", WAVFixture(formatCode: 3, bitsField: 16).bytes(data: [1, 2]), .unsupportedSampleSize(bits: 16, float: true)),
            ("empty data", WAVFixture().bytes(data: []), .noSamples),
            ("half a frame", WAVFixture().bytes(data: [1]), .noSamples),
            ("31 seconds", WAVFixture(format: .unsigned8, sampleRate: 1_000).bytes(data: Array(repeating: 128, count: 31_000)),
             .tooLong(seconds: 31, limit: .seconds(30))),
        ]
    }()

    @Test("What it cannot read is refused with the reason, in one sentence naming the file", arguments: refusals)
    func unreadableFilesAreRefused(label: String, bytes: [UInt8], reason: WAVFileError.Reason) {
        #expect(throws: WAVFileError(path: "/sounds/\(label).wav", reason: reason), "\(label)") {
            try WAVFile(bytes: bytes, path: "/sounds/\(label).wav")
        }
        let sentence = WAVFileError(path: "/sounds/\(label).wav", reason: reason).description
        #expect(sentence.hasPrefix("The file \"/sounds/\(label).wav\" is not a WAV file announcer can read: "))
        #expect(sentence.hasSuffix(".") && !sentence.contains("\n"))
    }

    @Test("A file over 16 MB is refused before it is parsed")
    func oversizedFileIsRefused() {
        let bytes = WAVFixture().bytes(data: Array(repeating: 0, count: WAVFile.largestFile))
        #expect(throws: WAVFileError(path: "big.wav", reason: .tooLarge(bytes: bytes.count, limit: WAVFile.largestFile))) {
            try WAVFile(bytes: bytes, path: "big.wav")
        }
        #expect(WAVFileError(path: "big.wav", reason: .tooLarge(bytes: 17 * 1_048_576, limit: WAVFile.largestFile)).reason.clause
            == "it is 17 MB, larger than the 16 MB a sound may be")
    }

    @Test("An extensible subformat that is neither PCM nor float, such as ambisonic B-format, is refused")
    func unknownExtensibleSubformatIsRefused() {
        var bytes = WAVFixture(extensible: true).bytes(data: [1, 2])
        bytes[20 + 24 + 4] = 0x21  // the GUID's tail no longer that of a classic format code
        #expect(throws: WAVFileError(path: "b.wav", reason: .unknownSubformat)) { try WAVFile(bytes: bytes, path: "b.wav") }
    }

    @Test("A file that does not exist is refused with the system's reason")
    func missingFileIsRefused() {
        #expect(throws: WAVFileError(path: "/nonexistent/bell.wav", reason: .unopenable("no such file or directory"))) {
            try WAVFile(contentsOf: "/nonexistent/bell.wav")
        }
    }

    @Test("A FIFO where a sound should be is refused at once, not waited on")
    func fifoIsRefusedWithoutBlocking() throws {
        let path = temporaryPath("fifo.wav")
        try #require(mkfifo(path, 0o600) == 0)
        #expect(throws: WAVFileError(path: path, reason: .notRegularFile)) { try WAVFile(contentsOf: path) }
    }
}
