import AnnouncerCore
import Audio
import SeamTestSupport
import Speech
import Testing

/// CAP_LET_RECOGN icon on the engine's fake parts: the engine itself puts the capital letter's cue
/// among the speech it writes to the device, so the words may come from any synthesizer. Moved here
/// from `CapitalLetterCueTests`, which keeps how spelled text is cut at capitals.
@Suite struct CapitalLetterCueOnFakeEngineTests {
    @Test("In icon mode the cue's exact samples open a spelled capital and sit before a capital inside a word; otherwise they are absent")
    func cueIsWrittenBeforeEachCapital() throws {
        // Each spelled letter is one word of 100 ms from the fake synthesizer.
        func spoken(_ text: String, _ capitals: CapitalLetters) throws -> [Int16] {
            let fake = FakeEngine(synthesizer: FakeSynthesizer(samplesPerWord: 2_205))
            var announcement = try Announcement(text: text, prosody: Prosody(rate: 300), arrival: fake.clock.now(), spelled: true)
            announcement.capitals = capitals
            fake.engine.submit(announcement)
            #expect(fake.waitFor(.ended, of: announcement) != nil)
            #expect(fake.outcome(of: announcement) == .spoken)
            fake.finish()
            return fake.sink.chunks.value.flatMap { $0 }
        }
        let rate = FakeSynthesizer().sampleRate

        let capital = try spoken("A", .sound)
        let cue = Tone.capitalLetter.samples(sampleRate: rate)
        let firstSound = try #require(capital.firstIndex { $0 != 0 })
        // The tone's first sample may be 0 (sin 0), so compare from the first sound less one.
        #expect(Self.contains(capital, cue, near: max(0, firstSound - 1)))

        let inside = try spoken("aB", .sound)
        let position = try #require(Self.firstIndex(of: cue, in: inside))
        #expect(position > rate / 20, "the cue follows the spoken a, not the start")

        #expect(Self.firstIndex(of: cue, in: try spoken("A", .spoken)) == nil)
        #expect(Self.firstIndex(of: cue, in: try spoken("A", .unmarked)) == nil)
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
}
