import AnnouncerCore
import AnnouncerEngine
import Testing

/// The live-region cut through real synthesis and the real-time null sink, with its latency: the
/// engine test of the rules that needs real audio. The rules themselves are tested on the engine's
/// fake parts, in AnnouncerEngineSeamTests (`LiveRegionRulesOnFakeEngineTests`,
/// `LiveRegionRulesWhileSpeakingTests`).
@Suite struct LiveRegionRulesOnRealEngineTests {
    @Test("On real speech, an assertive announcement cuts a speaking polite one, which ends interrupted by it, and is heard within 500 ms")
    func assertiveCutsPoliteUtterance() async throws {
        let harness = try EngineHarness()
        let status = harness.say(longText, .polite, rate: 175)
        let said = await harness.say("Error: Must be a valid email address", .assertive, once: .firstAudio, of: status)
        let error = try #require(said, "the polite announcement was never heard")
        await harness.finish()
        #expect(harness.outcome(of: status) == .interrupted(by: error.id))
        #expect(harness.outcome(of: error) == .spoken)
        let latency = try #require(harness.timeline.first(.firstAudio, of: error.id)).sinceArrival
        #expect(latency < .milliseconds(500))
    }
}

extension TimelineEvent.Kind {
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
}
