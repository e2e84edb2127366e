import AnnouncerCore
import Testing

/// SSML announcements' marks through a cut and a pause, on the engine's fake parts: the `RecordingSink`
/// holds a write, so the announcement is mid-speech when the cut or the pause comes. Moved here from
/// `ScriptSpeechTests`, which keeps the mark tests that need eSpeak NG's own mark positions.
@Suite struct ScriptOnFakeEngineTests {
    /// An announcement of `words`, each after a mark named after it, with a pause between them.
    static func marked(_ words: [String], on fake: FakeEngine, _ politeness: Politeness = .polite) -> Announcement {
        var parts: [SpeechPart] = []
        for (index, word) in words.enumerated() {
            if index > 0 { parts.append(.pause(.milliseconds(150))) }
            parts += [.mark(word), .text(word, .plain)]
        }
        let script = SpeechScript(parts: parts)
        return fake.say(script.plainText, politeness, script: script)
    }

    @Test("A cut SSML announcement reports no mark after its cut")
    func noMarkAfterACut() throws {
        let fake = FakeEngine()
        fake.sink.hold(after: 1)
        let polite = Self.marked((1...12).map { "word\($0)" }, on: fake)
        try #require(fake.sink.waitUntilHeld())
        // The first word's mark was reported before the second word's write; the timeline has it once the scheduler does.
        try #require(fake.waitFor(.mark, of: polite) != nil)
        let error = fake.say("Error", .assertive)
        fake.finish()
        #expect(fake.outcome(of: polite) == .interrupted(by: error.id))
        #expect(fake.outcome(of: error) == .spoken)
        // The second word's mark waited for its audio, which the cut refused.
        #expect(fake.marks(of: polite) == ["word1"])
    }

    @Test("A paused and resumed announcement begins once: one first audio, paused at the next mark, resumed after it, every mark once, then spoken")
    func pausedAndResumedAnnouncementBeginsOnce() throws {
        let fake = FakeEngine()
        fake.sink.hold(after: 1)
        let words = ["alpha", "bravo", "charlie", "delta", "echo"]
        let announcement = Self.marked(words, on: fake)
        try #require(fake.sink.waitUntilHeld())
        fake.engine.scheduler.pause(.client(announcement.client))
        // status() waits for what the scheduler's queue has before it: the pause, told to the speaker.
        _ = fake.engine.scheduler.status()
        fake.sink.release()
        try #require(fake.waitFor(.paused, of: announcement) != nil, "it never paused")
        // Bravo's audio was being written, so it stopped at the next mark, charlie's, before charlie's audio.
        #expect(fake.marks(of: announcement) == ["alpha", "bravo", "charlie"])
        #expect(fake.sink.chunks.value.count == 2)
        fake.engine.scheduler.resume(.client(announcement.client))
        fake.finish()
        #expect(fake.outcome(of: announcement) == .spoken)
        let stages = fake.timeline.events(of: announcement.id).map(\.kind.stage)
        #expect(stages.filter { $0 == .firstAudio }.count == 1, "\(stages)")
        #expect(stages.filter { $0 == .paused }.count == 1 && stages.filter { $0 == .resumed }.count == 1, "\(stages)")
        #expect(fake.marks(of: announcement) == words)
    }
}
