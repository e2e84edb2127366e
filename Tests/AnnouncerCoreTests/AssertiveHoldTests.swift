import Testing
@testable import AnnouncerCore

/// No announcement holds the voice against everyone: another client's assertive one cuts a long
/// assertive one after the hold limit, while one client's own keep their order.
@Suite struct AssertiveHoldTests {
    let talker = ClientID(1)
    let other = ClientID(2)

    @Test("Another client's assertive announcement cuts a speaking assertive one once it has waited past the hold limit")
    func otherClientCutsAfterTheHoldLimit() {
        var queue = LiveRegionQueue()
        let long = announcement(String(repeating: "A very long error text. ", count: 300), .assertive, at: 0, from: talker)
        _ = queue.submit(long, now: t(0))
        let error = announcement("Error: wrong password", .assertive, at: 1_000, from: other)
        #expect(queue.submit(error, now: t(1_000)) == [.queued(error)])
        // It waited from its arrival at 1 s, so it may cut at 6 s, not before.
        #expect(queue.nextHoldCut == t(6_000))
        #expect(queue.nextDecisionTime == t(6_000))
        #expect(queue.timePassed(now: t(5_999)).isEmpty)
        let actions = queue.timePassed(now: t(6_001))
        #expect(actions == [.stop(long.id), .end(long, .interruptedAfterHolding(by: error.id, limit: .seconds(5))), .start(error)])
        #expect(Outcome.interruptedAfterHolding(by: error.id, limit: .seconds(5)).name == "interrupted")
        #expect(queue.speaking?.id == error.id)
    }

    @Test("The wait counts from when the speaking one started, not from an arrival before it")
    func waitCountsFromTheStartOfTheSpeakingOne() {
        var queue = LiveRegionQueue()
        let first = announcement("first", .assertive, at: 0, from: talker)
        let second = announcement("second", .assertive, at: 1, from: talker)
        let error = announcement("Error", .assertive, at: 2, from: other)
        for item in [first, second, error] { _ = queue.submit(item, now: item.arrival) }
        // Turns: first (talker), then error (other), then second.
        _ = queue.speechEnded(first.id, result: .completed, now: t(3_000))
        #expect(queue.speaking?.id == error.id)
        // second has waited since 1 ms, but behind error only since 3 s.
        #expect(queue.nextHoldCut == t(8_000))
    }

    @Test("One client's own assertive announcements keep their order however long one speaks")
    func sameClientNeverCutsItself() {
        var queue = LiveRegionQueue()
        let long = announcement("long", .assertive, at: 0, from: talker)
        let next = announcement("next", .assertive, at: 10, from: talker)
        _ = queue.submit(long, now: t(0))
        _ = queue.submit(next, now: t(10))
        #expect(queue.nextHoldCut == nil)
        #expect(queue.timePassed(now: t(60_000)).isEmpty)
        #expect(queue.speaking?.id == long.id)
    }

    @Test("A polite announcement never cuts an assertive one, whatever it waited")
    func politeNeverCutsAssertive() {
        var queue = LiveRegionQueue()
        let long = announcement("long", .assertive, at: 0, from: talker)
        _ = queue.submit(long, now: t(0))
        _ = queue.submit(announcement("status", .polite, at: 10, from: other), now: t(10))
        #expect(queue.nextHoldCut == nil)
        #expect(queue.timePassed(now: t(20_000)).isEmpty)
    }

    @Test("The hold limit is configurable, and without one assertive never cuts assertive")
    func holdLimitIsConfigurable() {
        var quick = LiveRegionQueue(policy: LiveRegionPolicy(assertiveHoldLimit: .milliseconds(500)))
        _ = quick.submit(announcement("long", .assertive, at: 0, from: talker), now: t(0))
        _ = quick.submit(announcement("Error", .assertive, at: 100, from: other), now: t(100))
        #expect(quick.nextHoldCut == t(600))

        var never = LiveRegionQueue(policy: LiveRegionPolicy(assertiveHoldLimit: nil))
        _ = never.submit(announcement("long", .assertive, at: 0, from: talker), now: t(0))
        _ = never.submit(announcement("Error", .assertive, at: 100, from: other), now: t(100))
        #expect(never.nextHoldCut == nil)
        #expect(never.timePassed(now: t(600_000)).isEmpty)
    }

    @Test("The same words in another language are not a duplicate")
    func sameWordsInAnotherLanguageAreNotADuplicate() throws {
        var queue = LiveRegionQueue()
        let english = try Announcement(text: "Error", politeness: .assertive, language: .english, arrival: t(0))
        let norwegian = try Announcement(text: "Error", politeness: .assertive, language: .norwegianBokmal, arrival: t(100))
        _ = queue.submit(english, now: t(0))
        #expect(queue.submit(norwegian, now: t(100)) == [.queued(norwegian)])
        let again = try Announcement(text: "Error", politeness: .assertive, language: .english, arrival: t(200))
        #expect(queue.submit(again, now: t(200)) == [.end(again, .duplicate(of: english.id))])
    }
}
