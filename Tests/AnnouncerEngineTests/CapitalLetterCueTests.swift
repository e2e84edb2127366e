import AnnouncerCore
import Audio
import Foundation
import Testing
@testable import AnnouncerEngine

/// CAP_LET_RECOGN icon: a capital letter in spelled text is preceded by a short sound, heard in the real audio.
@Suite struct CapitalLetterCueTests {
    @Test("Spelled text is cut before each capital letter, and only then")
    func runsBeginAtCapitals() {
        let runs = CapitalCueRuns(text: "aBcD", reading: .characters, capitals: .sound).runs
        #expect(runs == [.init(cue: false, text: "a"), .init(cue: true, text: "Bc"), .init(cue: true, text: "D")])
        #expect(CapitalCueRuns(text: "aBc", reading: .characters, capitals: .spoken).runs == [.init(cue: false, text: "aBc")])
        #expect(CapitalCueRuns(text: "Hello World", reading: .words, capitals: .sound).runs == [.init(cue: false, text: "Hello World")])
        #expect(CapitalCueRuns(text: "shift_A", reading: .key, capitals: .sound).runs == [.init(cue: true, text: "shift_A")])
        #expect(CapitalCueRuns(text: "Tab", reading: .key, capitals: .sound).runs == [.init(cue: false, text: "Tab")])
    }

    @Test("In icon mode the cue's exact samples open a spelled capital and sit before a capital inside a word; otherwise they are absent")
    func cueIsHeardBeforeEachCapital() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        func spoken(_ text: String, _ capitals: CapitalLetters) async throws -> (samples: [Int16], rate: Int) {
            let path = directory.appendingPathComponent("\(text)-\(capitals).wav").path
            let harness = try EngineHarness(sink: .wav(path: path))
            var announcement = try Announcement(text: text, prosody: Prosody(rate: 300), arrival: .now(), spelled: true)
            announcement.capitals = capitals
            harness.engine.submit(announcement)
            #expect(await harness.waitFor(.ended, of: announcement) != nil)
            #expect(harness.outcome(of: announcement) == .spoken)
            await harness.finish()
            return try Self.readWAV(path)
        }

        let capital = try await spoken("A", .sound)
        let cue = Tone.capitalLetter.samples(sampleRate: capital.rate)
        let firstSound = try #require(capital.samples.firstIndex { $0 != 0 })
        // The tone's first sample may be 0 (sin 0), so compare from the start of the file's non-silent part less one.
        #expect(Self.contains(capital.samples, cue, near: max(0, firstSound - 1)))

        let inside = try await spoken("aB", .sound)
        let position = try #require(Self.firstIndex(of: cue, in: inside.samples))
        #expect(position > inside.rate / 20, "the cue follows the spoken a, not the start")

        #expect(Self.firstIndex(of: cue, in: try await spoken("A", .spoken).samples) == nil)
        #expect(Self.firstIndex(of: cue, in: try await spoken("A", .unmarked).samples) == nil)
    }

    static func contains(_ samples: [Int16], _ part: [Int16], near start: Int) -> Bool {
        (max(0, start - 2)...start + 2).contains { offset in
            offset + part.count <= samples.count && Array(samples[offset..<offset + part.count]) == part
        }
    }

    static func firstIndex(of part: [Int16], in samples: [Int16]) -> Int? {
        guard part.count <= samples.count, let first = part.dropFirst(1).first else { return nil }
        // Search by the tone's second sample (the first is 0), then compare all of it.
        var index = 1
        while index + part.count - 1 <= samples.count {
            if samples[index] == first, Array(samples[index - 1..<index - 1 + part.count]) == part { return index - 1 }
            index += 1
        }
        return nil
    }

    /// The mono 16-bit samples and rate of a WAV file as the WAV sink writes it.
    static func readWAV(_ path: String) throws -> (samples: [Int16], rate: Int) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let bytes = [UInt8](data)
        func word(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        let rate = word(24)
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = word(offset + 4)
            if bytes[offset..<offset + 4].elementsEqual("data".utf8) {
                let end = min(bytes.count, offset + 8 + size)
                let samples = stride(from: offset + 8, to: end - 1, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
                return (samples, rate)
            }
            offset += 8 + size
        }
        throw CocoaError(.fileReadCorruptFile)
    }
}
