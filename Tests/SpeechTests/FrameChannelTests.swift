import Dispatch
import ESpeak
import Glibc
import Testing
@testable import Speech

/// The worker's frames over a real pipe: what goes in comes out whole, sample for sample.
@Suite struct FrameChannelTests {
    @Test("Audio frames cross a pipe sample for sample, in order, however the pipe splits them, written from a buffer or encoded; the end follows")
    func audioCrossesThePipeWhole() throws {
        let (reader, readEnd, writer, writeEnd) = try Self.pipeChannels()
        defer { close(readEnd) }
        // Every 16-bit value, both byte orders matter, in chunks of eSpeak's size and odd ones,
        // more than a pipe's 64 KiB buffer in all, so reads see partial frames.
        let all = (0..<200_000).map { Int16(truncatingIfNeeded: $0 &* 7_919) }
        let chunks = stride(from: 0, to: all.count, by: 1_081).map { Array(all[$0..<min($0 + 1_081, all.count)]) }
        DispatchQueue.global().async {
            // Every other chunk as the worker sends eSpeak's buffer (header and samples in one writev),
            // the rest encoded whole: the reader cannot tell them apart.
            for (index, chunk) in chunks.enumerated() {
                if index.isMultiple(of: 2) {
                    chunk.withUnsafeBufferPointer { _ = writer.writeAudio(id: 7, samples: $0) }
                } else {
                    writer.write(.audio(id: 7, samples: chunk))
                }
            }
            writer.write(.end(id: 7, .completed))
            close(writeEnd)
        }
        var received: [Int16] = []
        var end: WorkerFrame?
        while end == nil {
            switch reader.read() {
            case let .success(.audio(id, samples)):
                #expect(id == 7)
                received += samples
            case let .success(frame):
                end = frame
            case let .failure(failure):
                Issue.record("the pipe failed: \(failure)")
                return
            }
        }
        #expect(received == all)
        #expect(end == .end(id: 7, .completed))
        #expect(reader.read() == .failure(.closed))
    }

    @Test("The worker's ready frame carries every voice of the installed eSpeak NG across a pipe, so a server that links no eSpeak knows them")
    func readyFrameCarriesTheInstalledCatalog() throws {
        let installed = ESpeakCatalog.installed
        try #require(installed.voices.count > 50, "eSpeak NG lists \(installed.voices.count) voices; is espeak-ng-data installed?")
        #expect(installed.voice(forLanguage: "nb")?.languages.contains("nb") == true)
        let (reader, readEnd, writer, writeEnd) = try Self.pipeChannels()
        defer { close(readEnd) }
        // A catalogue larger than a pipe's buffer would block a writer with no reader: write from another thread.
        DispatchQueue.global().async {
            writer.write(.ready(sampleRate: 22_050, catalog: installed))
            close(writeEnd)
        }
        let frame = reader.read()
        #expect(frame == .success(.ready(sampleRate: 22_050, catalog: installed)))
    }

    /// A pipe's two ends as channels: the reader, its descriptor, the writer, its descriptor.
    /// Closed on exec: a process another test starts meanwhile must not hold the write end open.
    static func pipeChannels() throws -> (FrameChannel, Int32, FrameChannel, Int32) {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (FrameChannel(input: ends[0], output: -1), ends[0], FrameChannel(input: -1, output: ends[1]), ends[1])
    }
}
