import Foundation
import Synchronization

/// Records everything spoken to a WAV file at the pace of a real device, silences between
/// announcements included, so the file sounds like what a listener heard.
///
/// A cut removes the audio that had not yet been "played". Silences longer than
/// `longestRecordedSilence` are shortened to it, so an idle server does not fill the disk. Where each
/// chunk of audio lies in the file is kept (`frames(firstAudio:ended:)`), so an utterance is found in the
/// recording by the file's own frame count, whatever the clock did: a playback thread that fell behind
/// under load, a shortened silence, or rendering faster than real time (`stopPacing`).
public final class WAVFileSink: AudioSink {
    public let name: String
    public let format: AudioFormat
    public let path: String
    public static let longestRecordedSilence: Duration = .seconds(10)

    private let pacer: PlaybackPacer
    private let file: Mutex<WAVFileWriter>
    /// Every chunk written, in order: when the sink took it, and where it lies in the file.
    private let chunks = Mutex<[Chunk]>([])

    private struct Chunk {
        var taken: UInt64
        var frames: Range<Int>
    }

    public init(path: String, format: AudioFormat, bufferDuration: Duration = .milliseconds(50)) throws(AudioError) {
        self.name = "wav:\(path)"
        self.path = path
        self.format = format
        self.pacer = PlaybackPacer(format: format, bufferDuration: bufferDuration)
        self.file = Mutex(try WAVFileWriter(path: path, format: format))
    }

    public func beginUtterance() throws(AudioError) {
        guard let silence = pacer.silentFor() else { return }
        let frames = format.frames(in: min(silence, Self.longestRecordedSilence))
        try file.withLock { file throws(AudioError) in
            try file.appendSilence(frames: frames)
            try file.updateHeader()
        }
    }

    public var cutMark: CutMark { pacer.cutMark }

    public func write(_ samples: UnsafeBufferPointer<Int16>, unlessCutSince mark: CutMark) throws(AudioError) -> Bool {
        var failure: AudioError?
        let admitted = pacer.admit(frames: samples.count, unlessCutSince: mark) {
            do throws(AudioError) {
                let frames = try self.file.withLock { file throws(AudioError) -> Range<Int> in
                    let first = file.dataFrames
                    try file.append(samples)
                    return first..<file.dataFrames
                }
                self.chunks.withLock { $0.append(Chunk(taken: PlaybackPacer.now(), frames: frames)) }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return admitted
    }

    public func outputDelay() -> Duration { pacer.delay() }

    public func waitUntilPlayed() -> Bool {
        let played = pacer.waitUntilPlayed()
        try? file.withLock { file throws(AudioError) in try file.updateHeader() }
        return played
    }

    public func cut() {
        pacer.cut { unplayed in
            let frames = self.format.frames(in: unplayed)
            let kept = self.file.withLock { file in
                try? file.removeLast(frames: frames)
                return file.dataFrames
            }
            // What was cut is no longer in the file: the chunks end where it now ends.
            self.chunks.withLock { chunks in
                while let last = chunks.last, last.frames.lowerBound >= kept { chunks.removeLast() }
                if let last = chunks.last, last.frames.upperBound > kept {
                    chunks[chunks.count - 1].frames = last.frames.lowerBound..<kept
                }
            }
        }
    }

    /// Renders faster than real time from now on: audio is written as fast as the engine makes it, and
    /// heard, as far as the timeline knows, at once. The silences between utterances stay as they came.
    public func stopPacing() { pacer.stopPacing() }

    /// Where an utterance lies in the file: from the chunk its first audio was stamped after (the
    /// timeline's `first_audio`, on the clock of `DispatchTime`, in microseconds) to the end of the last
    /// chunk taken before it ended. Nil when no chunk was taken by then.
    public func frames(firstAudio: UInt64, ended: UInt64) -> Range<Int>? {
        chunks.withLock { chunks in
            // The playback thread stamps first audio once the sink has taken the chunk, so that chunk is the
            // last one taken by then; the next utterance's chunks come only after this one ended.
            guard let first = chunks.lastIndex(where: { $0.taken <= firstAudio }),
                  let last = chunks.lastIndex(where: { $0.taken <= ended }), last >= first else { return nil }
            return chunks[first].frames.lowerBound..<chunks[last].frames.upperBound
        }
    }

    public func close() {
        try? file.withLock { file throws(AudioError) in
            try file.updateHeader()
            file.close()
        }
    }
}

/// A RIFF/WAVE file of mono 16-bit PCM whose header is kept true as it grows.
struct WAVFileWriter {
    private let handle: FileHandle
    private let path: String
    private let format: AudioFormat
    private(set) var dataFrames = 0
    static let headerSize: UInt64 = 44

    init(path: String, format: AudioFormat) throws(AudioError) {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw .fileUnwritable(path: path, detail: "it could not be created")
        }
        self.handle = handle
        self.path = path
        self.format = format
        try updateHeader()
    }

    mutating func append(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) {
        var littleEndian = Data(capacity: samples.count * 2)
        for sample in samples { withUnsafeBytes(of: sample.littleEndian) { littleEndian.append(contentsOf: $0) } }
        try writeAtEnd(littleEndian)
        dataFrames += samples.count
    }

    mutating func appendSilence(frames: Int) throws(AudioError) {
        guard frames > 0 else { return }
        try writeAtEnd(Data(count: frames * 2))
        dataFrames += frames
    }

    mutating func removeLast(frames: Int) throws(AudioError) {
        dataFrames = max(0, dataFrames - frames)
        do {
            try handle.truncate(atOffset: Self.headerSize + UInt64(dataFrames * 2))
        } catch {
            throw .fileUnwritable(path: path, detail: error.localizedDescription)
        }
    }

    func updateHeader() throws(AudioError) {
        let dataBytes = UInt32(dataFrames * 2)
        var header = Data()
        func append(_ text: String) { header.append(contentsOf: Array(text.utf8)) }
        func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { header.append(contentsOf: $0) } }
        func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { header.append(contentsOf: $0) } }
        append("RIFF"); append32(36 + dataBytes); append("WAVE")
        append("fmt "); append32(16); append16(1); append16(UInt16(format.channels))
        append32(UInt32(format.sampleRate)); append32(UInt32(format.sampleRate * format.bytesPerSample * format.channels))
        append16(UInt16(format.bytesPerSample * format.channels)); append16(16)
        append("data"); append32(dataBytes)
        do {
            try handle.seek(toOffset: 0)
            try handle.write(contentsOf: header)
            try handle.seekToEnd()
        } catch {
            throw .fileUnwritable(path: path, detail: error.localizedDescription)
        }
    }

    func close() { try? handle.close() }

    private func writeAtEnd(_ data: Data) throws(AudioError) {
        do {
            try handle.seek(toOffset: Self.headerSize + UInt64(dataFrames * 2))
            try handle.write(contentsOf: data)
        } catch {
            throw .fileUnwritable(path: path, detail: error.localizedDescription)
        }
    }
}
