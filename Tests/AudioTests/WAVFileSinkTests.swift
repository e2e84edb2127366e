@testable import Audio
import Foundation
import Testing

/// The WAV sink records what a listener would have heard, at a real device's pace.
@Suite struct WAVFileSinkTests {
    let format = AudioFormat(sampleRate: 22_050)

    @Test("The file is a valid mono 16-bit WAV holding exactly the samples played")
    func fileHoldsSamplesPlayed() throws {
        let path = temporaryPath("plain.wav")
        let sink = try WAVFileSink(path: path, format: format)
        let tone = sineWave(milliseconds: 100)
        try sink.beginUtterance()
        #expect(try tone.withUnsafeBufferPointer { try sink.write($0) })
        #expect(try sink.waitUntilPlayed())
        sink.close()
        let wav = try WAVReader(path: path)
        #expect(wav.sampleRate == 22_050)
        #expect(wav.channels == 1)
        #expect(wav.bitsPerSample == 16)
        #expect(wav.samples == tone)
    }

    @Test("The silence between two utterances is recorded")
    func silenceBetweenUtterancesIsRecorded() throws {
        let path = temporaryPath("gap.wav")
        let sink = try WAVFileSink(path: path, format: format)
        let tone = sineWave(milliseconds: 100)
        try sink.beginUtterance()
        _ = try tone.withUnsafeBufferPointer { try sink.write($0) }
        _ = try sink.waitUntilPlayed()
        Thread.sleep(forTimeInterval: 0.3)
        try sink.beginUtterance()
        _ = try tone.withUnsafeBufferPointer { try sink.write($0) }
        _ = try sink.waitUntilPlayed()
        sink.close()
        let seconds = try WAVReader(path: path).seconds
        #expect(seconds >= 0.48)
        #expect(seconds < 1.0)
    }

    @Test("A cut removes the audio that had not yet played")
    func cutRemovesUnplayedAudio() throws {
        let path = temporaryPath("cut.wav")
        let sink = try WAVFileSink(path: path, format: format)
        let chunk = sineWave(milliseconds: 50)
        try sink.beginUtterance()
        let writer = Thread {
            let mark = sink.cutMark
            for _ in 0..<40 {
                guard (try? chunk.withUnsafeBufferPointer({ try sink.write($0, unlessCutSince: mark) })) == true else { return }
            }
        }
        writer.start()
        Thread.sleep(forTimeInterval: 0.3)
        sink.cut()
        let deadline = Date().addingTimeInterval(5)
        while writer.isExecuting, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(!writer.isExecuting, "the cut did not release the write")
        sink.close()
        // Two seconds were offered; only what played before the cut, about 0.3 s, remains.
        let seconds = try WAVReader(path: path).seconds
        #expect(seconds > 0.2)
        #expect(seconds < 0.6)
    }

    /// The clock now, as the timeline stamps first audio and ends: microseconds of `DispatchTime`.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds / 1_000 }

    @Test("An utterance is found in the file by where its audio went, though the clock ran on while nothing was written")
    func utteranceIsFoundByTheFilesOwnFrames() throws {
        let path = temporaryPath("behind.wav")
        let sink = try WAVFileSink(path: path, format: format)
        let tone = sineWave(milliseconds: 100)
        try sink.beginUtterance()
        _ = try tone.withUnsafeBufferPointer { try sink.write($0) }
        let firstEnded = Self.now()
        // A playback thread that fell behind: 300 ms pass with no audio and no new utterance begun, so the
        // file holds no silence for them, and the next chunk's place in it is not its time on the clock.
        Thread.sleep(forTimeInterval: 0.3)
        _ = try tone.withUnsafeBufferPointer { try sink.write($0) }
        let stamped = Self.now()
        _ = try sink.waitUntilPlayed()
        let ended = Self.now()
        sink.close()
        #expect(sink.frames(firstAudio: stamped, ended: ended) == tone.count..<(2 * tone.count))
        #expect(sink.frames(firstAudio: firstEnded, ended: firstEnded) == 0..<tone.count)
        #expect(try WAVReader(path: path).samples.count == 2 * tone.count)
    }

    @Test("Without pacing, a second of audio is taken at once, and its place in the file is still known")
    func unpacedSinkTakesAudioAtOnce() throws {
        let path = temporaryPath("fast.wav")
        let sink = try WAVFileSink(path: path, format: format)
        sink.stopPacing()
        let tone = sineWave(milliseconds: 100)
        let began = Date()
        try sink.beginUtterance()
        for _ in 0..<10 { #expect(try tone.withUnsafeBufferPointer { try sink.write($0) }) }
        #expect(try sink.waitUntilPlayed())
        let stamped = Self.now()
        #expect(Date().timeIntervalSince(began) < 0.5, "a second of audio took real time")
        try sink.beginUtterance()
        _ = try tone.withUnsafeBufferPointer { try sink.write($0) }
        let second = Self.now()
        sink.close()
        // After the ten chunks, and the few frames of real silence before the second utterance began.
        let frames = try #require(sink.frames(firstAudio: second, ended: second))
        #expect(frames.lowerBound >= 10 * tone.count && frames.lowerBound < 10 * tone.count + 2_205 && frames.count == tone.count, "\(frames)")
        #expect(sink.frames(firstAudio: stamped, ended: stamped)?.upperBound == 10 * tone.count)
    }

    @Test("An unwritable path gives one sentence naming the file and --sink")
    func unwritablePathIsReported() {
        #expect {
            try WAVFileSink(path: "/nonexistent-directory/a.wav", format: format)
        } throws: { error in
            let sentence = String(describing: error)
            return sentence.contains("/nonexistent-directory/a.wav") && sentence.contains("--sink") && !sentence.contains("\n")
        }
    }
}

/// Reads back the WAV files the sinks write.
struct WAVReader {
    let sampleRate: Int
    let channels: Int
    let bitsPerSample: Int
    let samples: [Int16]

    var seconds: Double { Double(samples.count) / Double(sampleRate) }

    init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        func u32(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16 | Int(data[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 }
        #expect(String(decoding: data[0..<4], as: UTF8.self) == "RIFF")
        #expect(String(decoding: data[8..<12], as: UTF8.self) == "WAVE")
        #expect(u32(4) == data.count - 8)
        channels = u16(22)
        sampleRate = u32(24)
        bitsPerSample = u16(34)
        let dataBytes = u32(40)
        #expect(dataBytes == data.count - 44)
        samples = stride(from: 44, to: 44 + dataBytes, by: 2).map { Int16(bitPattern: UInt16(u16($0))) }
    }
}

func sineWave(milliseconds: Int, sampleRate: Int = 22_050, amplitude: Double = 8_000) -> [Int16] {
    (0..<(sampleRate * milliseconds / 1_000)).map { Int16(amplitude * sin(2 * .pi * 440 * Double($0) / Double(sampleRate))) }
}

func temporaryPath(_ name: String) -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-tests-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent("\(UUID().uuidString)-\(name)").path
}
