import AnnouncerCommandLine
import AnnouncerCore
import AnnouncerProtocol
import Foundation
import SeamTestSupport
import ServerSeamSupport
import SoundIcons
import TestSupport
import Testing

/// SSIP's SOUND_ICON through the server in this process, on the fake engine and a sink that keeps what
/// it is given: a folder given as `--sounds` gives it has its WAV played, and a name no folder has is
/// spoken as words. EndToEndTests' SSMLThroughServerTests keeps the real path: python3-speechd's
/// `sound_icon` with a name from Debian's sound-icons folder, heard through PulseAudio.
struct SoundIconOnFakeEngineTests {
    @Test("SOUND_ICON plays a WAV from a sound folder, and an unknown name is spoken as words")
    func soundIconPlaysAndUnknownNameIsSpoken() throws {
        // A 1 kHz tone of 300 ms at 44.1 kHz, which the fake synthesizer's words never are.
        let folder = NSTemporaryDirectory() + "announcer-sounds-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.toneWAV(hertz: 1_000, milliseconds: 300, rate: 44_100).write(to: URL(fileURLWithPath: folder + "/test-beep.wav"))
        let sink = RecordingSink()
        // The sound icons announcerd's engine gets from `--sounds FOLDER`, parsed as announcerd parses it.
        let options = try EngineOptions.parse(["--sounds", folder])
        let server = try InProcessServer(sink: sink, sounds: options.soundIcons)
        defer { server.stop() }
        let listener = try SocketClient(path: server.socketPath)
        _ = listener.request(.subscribe)
        let client = try SocketClient(path: server.socketPath)

        #expect(client.ssip("SOUND_ICON test-beep") == "225 OK MESSAGE QUEUED")
        let first = listener.readEvents(until: { $0.event == .ended })
        #expect(first.last?.outcome == .spoken, "\(first)")
        let samples = sink.chunks.value.flatMap { $0 }
        let loud = samples.indices.filter { abs(Int(samples[$0])) > 1_000 }
        try #require(!loud.isEmpty, "nothing was played")
        let span = samples[loud.first!...loud.last!]
        let crossings = zip(span.dropFirst(), span).count { ($0 >= 0) != ($1 >= 0) }
        let seconds = Double(span.count) / Double(sink.format.sampleRate)
        #expect(abs(seconds - 0.3) < 0.05, "the sound lasted \(seconds) s")
        #expect(abs(Double(crossings) / 2 / seconds - 1_000) < 50, "the sound was \(Double(crossings) / 2 / seconds) Hz")
        #expect(server.synthesizer.spoken.value.isEmpty, "the icon's name was spoken: \(server.synthesizer.spoken.value)")

        #expect(client.ssip("SOUND_ICON no_such_icon") == "225 OK MESSAGE QUEUED")
        let second = listener.readEvents(until: { $0.event == .ended })
        #expect(second.first { $0.event == .received }?.text == "no such icon", "\(second)")
        #expect(second.last?.outcome == .spoken, "\(second)")
        #expect(server.synthesizer.spoken.value.map { $0.trimmingCharacters(in: .whitespaces) } == ["no such icon"],
                "\(server.synthesizer.spoken.value)")
        #expect(!server.logText.contains("rror"), "\(server.logText)")
    }

    /// A mono 16-bit WAV file of a sine tone.
    static func toneWAV(hertz: Double, milliseconds: Int, rate: Int) -> Data {
        let count = rate * milliseconds / 1_000
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); append(UInt32(36 + count * 2))
        data.append(contentsOf: Array("WAVEfmt ".utf8)); append(UInt32(16)); append(UInt16(1)); append(UInt16(1))
        append(UInt32(rate)); append(UInt32(rate * 2)); append(UInt16(2)); append(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); append(UInt32(count * 2))
        for index in 0..<count { append(Int16(sin(2 * .pi * hertz * Double(index) / Double(rate)) * 12_000)) }
        return data
    }
}
