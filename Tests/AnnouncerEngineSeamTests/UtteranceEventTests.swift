import AnnouncerCore
import Foundation
import SoundIcons
import AnnouncerVoices
import Testing

/// The engine walks an announcement's events itself: the fake synthesizer gets only words, and the
/// marks, tones and sound icons between them are heard in their place.
@Suite struct UtteranceEventTests {
    /// A sound folder with `bell.wav`: 300 samples (about 14 ms) of the value 5, mono, 16-bit, at 22 050 Hz.
    static func bellFolder() throws -> SoundIconLibrary {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seam-sounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let samples = [Int16](repeating: 5, count: 300)
        var wav = Data("RIFF".utf8)
        func append<Integer: FixedWidthInteger>(_ value: Integer) { withUnsafeBytes(of: value.littleEndian) { wav.append(contentsOf: $0) } }
        append(UInt32(36 + samples.count * 2))
        wav.append(contentsOf: Data("WAVEfmt ".utf8))
        append(UInt32(16)); append(UInt16(1)); append(UInt16(1)); append(UInt32(22_050)); append(UInt32(44_100))
        append(UInt16(2)); append(UInt16(16))
        wav.append(contentsOf: Data("data".utf8))
        append(UInt32(samples.count * 2))
        for sample in samples { append(sample) }
        try wav.write(to: folder.appendingPathComponent("bell.wav"))
        return SoundIconLibrary(folders: SoundIconFolders([folder.path]))
    }

    /// What each run of chunks the sink was given holds: words (the synthesizer's 7s), the bell's 5s, or a tone.
    static func heard(_ chunks: [[Int16]]) -> [String] {
        var heard: [String] = []
        for chunk in chunks {
            let kind = chunk.allSatisfy { $0 == 7 } ? "words" : chunk.allSatisfy { $0 == 5 } ? "bell" : "tone"
            if heard.last != kind { heard.append(kind) }
        }
        return heard
    }

    @Test("Marks, a tone and a sound icon between words are heard in their place, the marks in order, with one first audio; the icon's fallback is never synthesized")
    func eventsAreHeardInTheirPlace() throws {
        let fake = FakeEngine(sounds: try Self.bellFolder())
        let script = SpeechScript(parts: [
            .mark("a"), .text("one", .plain), .tone(hertz: 440, duration: .milliseconds(100)), .mark("b"),
            .sound(name: "bell", fallback: [.text("ding", .plain)]), .mark("c"), .text("two", .plain),
        ])
        let announcement = fake.say(script.plainText, script: script)
        fake.finish()
        #expect(fake.outcome(of: announcement) == .spoken)
        #expect(Self.heard(fake.sink.chunks.value) == ["words", "tone", "bell", "words"])
        #expect(fake.marks(of: announcement) == ["a", "b", "c"])
        #expect(fake.firstAudios(of: announcement) == 1)
        let spoken = fake.synthesizer.spoken.value
        #expect(spoken.count == 2 && !spoken.contains { $0.contains("ding") }, "\(spoken)")
    }

    @Test("A sound icon no folder has gives way to its fallback, spoken in its place")
    func missingSoundIconSpeaksItsFallback() throws {
        let fake = FakeEngine(sounds: try Self.bellFolder())
        let script = SpeechScript(parts: [
            .text("one", .plain), .sound(name: "gong", fallback: [.text("ding", .plain)]), .mark("m"), .text("two", .plain),
        ])
        let announcement = fake.say(script.plainText, script: script)
        fake.finish()
        #expect(fake.outcome(of: announcement) == .spoken)
        let spoken = fake.synthesizer.spoken.value
        #expect(spoken.count == 3, "\(spoken)")
        #expect(spoken.firstIndex { $0.contains("ding") } == 1, "\(spoken)")
        #expect(fake.marks(of: announcement) == ["m"])
        #expect(Self.heard(fake.sink.chunks.value) == ["words"])
    }

    @Test("A synthesis that fails in the middle ends the announcement failed after what came before it, and the tone after it is not heard")
    func failureEndsTheWalk() throws {
        var missing = VoiceProfile.bare(.norwegianBokmal)
        missing.espeakVoice = "xx-missing"
        let fake = FakeEngine(voices: VoiceLibrary(profiles: [.bare(.english), missing]))
        let script = SpeechScript(parts: [
            .text("one", .plain), .tone(hertz: 440, duration: .milliseconds(60)),
            .text("Dette feiler", SpeechStyle(language: .norwegianBokmal)), .tone(hertz: 880, duration: .milliseconds(60)),
        ])
        let announcement = fake.say(script.plainText, script: script)
        fake.finish()
        guard case .failed? = fake.outcome(of: announcement) else {
            Issue.record("expected failed, got \(String(describing: fake.outcome(of: announcement)))")
            return
        }
        #expect(Self.heard(fake.sink.chunks.value) == ["words", "tone"])
        #expect(fake.sink.chunks.value.count == 1 + 3, "the words and three 20 ms pieces of the first tone only")
    }
}
