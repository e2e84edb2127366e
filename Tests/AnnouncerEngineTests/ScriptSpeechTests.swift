import AnnouncerCore
@testable import AnnouncerEngine
import Foundation
import Testing

/// SSML announcements on a real engine (eSpeak NG in its worker, the paced null sink): marks reported
/// in order before the end, where eSpeak NG places them. A cut and a pause at a mark are tested on the
/// engine's fake parts, in AnnouncerEngineSeamTests (`ScriptOnFakeEngineTests`).
@Suite(.serialized)
struct ScriptSpeechTests {
    /// An announcement of `words`, each after a mark named after it, with a pause between them.
    func marked(_ words: [String], pause: Duration = .milliseconds(200), politeness: Politeness = .polite) throws -> Announcement {
        var parts: [SpeechPart] = []
        for (index, word) in words.enumerated() {
            if index > 0 { parts.append(.pause(pause)) }
            parts += [.mark(word), .text(word, .plain)]
        }
        let script = SpeechScript(parts: parts)
        var announcement = try Announcement(
            text: script.plainText, politeness: politeness, prosody: try Prosody(rate: 300), arrival: .now())
        announcement.script = script
        return announcement
    }

    func marks(of announcement: Announcement, in harness: EngineHarness) -> [String] {
        harness.timeline.events(of: announcement.id).compactMap { event in
            guard event.announcement.id == announcement.id, case let .mark(name) = event.kind else { return nil }
            return name
        }
    }

    @Test("Every mark of an SSML announcement is on the timeline, in order, before it ends, each later than the one before")
    func marksComeInOrderBeforeTheEnd() throws {
        let harness = try EngineHarness()
        let words = ["one", "two", "three", "four", "five"]
        let announcement = try marked(words)
        harness.engine.submit(announcement)
        harness.finish()
        #expect(harness.outcome(of: announcement) == .spoken)
        #expect(marks(of: announcement, in: harness) == words)
        let events = harness.timeline.events(of: announcement.id)
        let markTimes = events.filter { if case .mark = $0.kind { true } else { false } }.map(\.time)
        #expect(markTimes == markTimes.sorted())
        // Each pause of 200 ms lies between two marks.
        for (later, earlier) in zip(markTimes.dropFirst(), markTimes) {
            #expect(later.since(earlier) >= .milliseconds(200), "\(later.since(earlier))")
        }
        let endIndex = try #require(events.firstIndex { if case .ended = $0.kind { true } else { false } })
        let lastMark = try #require(events.lastIndex { if case .mark = $0.kind { true } else { false } })
        #expect(lastMark < endIndex)
    }

    @Test("A mark right after a sentence's end, which eSpeak NG never tells, comes with the next mark it tells, before the end")
    func markAfterASentenceEndIsNotLost() throws {
        let harness = try EngineHarness()
        // Orca marks every word; eSpeak NG 1.51 drops a mark that follows a full stop (espeak-ng issue 920).
        let script = SpeechScript(parts: [
            .mark("first"), .text("The first sentence ends here.", .plain), .mark("after"), .text("The second", .plain),
            .mark("told"), .text("one follows it, and goes on for a while.", .plain),
        ])
        var announcement = try Announcement(text: script.plainText, politeness: .polite, prosody: try Prosody(rate: 300), arrival: .now())
        announcement.script = script
        harness.engine.submit(announcement)
        harness.finish()
        #expect(harness.outcome(of: announcement) == .spoken)
        #expect(marks(of: announcement, in: harness) == ["first", "after", "told"])
        let events = harness.timeline.events(of: announcement.id)
        let after = try #require(events.first { $0.kind == .mark("after") })
        let told = try #require(events.first { $0.kind == .mark("told") })
        let ended = try #require(events.first { if case .ended = $0.kind { true } else { false } })
        // With the mark eSpeak told after it, not held back to the end: "one follows it..." is still to be said.
        #expect(after.time <= told.time)
        #expect(ended.time.since(after.time) > .milliseconds(500), "\(ended.time.since(after.time))")
    }

    @Test("The words of an SSML announcement go through text preparation and its markup is never read aloud")
    func markupIsNotSpoken() throws {
        // The same words with and without markup take about the same time to say; read aloud, the
        // markup (`<mark name="0"/>` before each word) would take several times as long.
        // No duplicate window: the same words twice are the point.
        let harness = try EngineHarness(sink: .null, policy: LiveRegionPolicy(duplicateWindow: .zero))
        let plain = try Announcement(text: "Ten past three", prosody: try Prosody(rate: 300), arrival: .now())
        let marked = try marked(["Ten", "past", "three"], pause: .zero)
        harness.engine.submit(plain)
        harness.engine.submit(marked)
        harness.finish()
        func spokenFor(_ announcement: Announcement) -> Duration? {
            guard let first = harness.timeline.first(.firstAudio, of: announcement.id),
                  let end = harness.timeline.first(.ended, of: announcement.id) else { return nil }
            return end.time.since(first.time)
        }
        let plainTime = try #require(spokenFor(plain))
        let markedTime = try #require(spokenFor(marked))
        #expect(markedTime < plainTime * 3 / 2, "plain \(plainTime), marked \(markedTime)")
    }
}
